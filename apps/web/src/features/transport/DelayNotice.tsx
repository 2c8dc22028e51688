import { useTranslation } from 'react-i18next';
import { formatTime } from '@patio/core/format/dateTimes';
import type { RouteLogEntry } from '@patio/core/schemas/transport';
import { Notice } from '../../ui/Notice';

/** The delay the driver reported on this run, and when. */
export function DelayNotice({ entry, language }: { entry: RouteLogEntry; language: string }) {
  const { t } = useTranslation();
  return <Notice>{t('transport.delay.notice', { count: entry.minutes ?? 0, time: formatTime(entry.at * 1000, language) })}</Notice>;
}
