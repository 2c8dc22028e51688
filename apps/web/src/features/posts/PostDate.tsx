import { useTranslation } from 'react-i18next';
import { formatPostDate } from '@patio/core/format/dates';
import { formatDateTime } from '@patio/core/format/dateTimes';
import { MINUTE_MS, useNow } from './useNow';

export interface PostDateProps {
  date: string;
  className?: string;
}

/**
 * A post's date by spec §9 (older than 6 days: the full date; newer: "hace 3 horas") in the
 * interface language; the exact moment shows on hover and is in the datetime attribute.
 */
export function PostDate({ date, className }: PostDateProps) {
  const { i18n } = useTranslation();
  const minute = useNow();
  // The shared clock holds the start of the minute: against it a post of this very minute would read
  // "in 20 seconds", so a date within the minute counts as now; later dates (scheduled) stay ahead.
  const now = Math.max(minute, Math.min(Date.parse(date), minute + MINUTE_MS));
  let text: string;
  let exact: string;
  try {
    text = formatPostDate(date, now, i18n.language);
    exact = formatDateTime(date, i18n.language);
  } catch {
    return null;
  }
  return (
    <time dateTime={date} title={exact} className={className}>
      {text}
    </time>
  );
}
