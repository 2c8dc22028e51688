import { useTranslation } from 'react-i18next';
import { SimpleGrid } from '@mantine/core';
import { DatesProvider, DateTimePicker } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import 'dayjs/locale/pt';
import { dictionaryLanguageOf, matchInterfaceLanguage } from '@patio/core/i18n/index';
import type { DateProblem } from './composeModel';

export interface DatesSectionProps {
  publishDate: string | null;
  expirationDate: string | null;
  onChange: (dates: { publishDate: string | null; expirationDate: string | null }) => void;
  problem: DateProblem;
}

// The picker speaks local "YYYY-MM-DD HH:mm:ss"; the API speaks instants (ISO 8601).
const toPicker = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : null);
const toInstant = (value: string | null) => (value ? dayjs(value).toISOString() : null);

/** When the post goes out (empty: now; later: scheduled) and when replies close (spec §3). */
export function DatesSection({ publishDate, expirationDate, onChange, problem }: DatesSectionProps) {
  const { t, i18n } = useTranslation();
  const locale = dictionaryLanguageOf(matchInterfaceLanguage(i18n.language));
  const shared = { clearable: true, valueFormat: 'D MMM YYYY, HH:mm', size: 'md' as const, popoverProps: { withinPortal: true } };
  return (
    <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <DateTimePicker
          {...shared}
          label={t('compose.dates.publish')}
          description={t('compose.dates.publishHint')}
          placeholder={t('compose.dates.now')}
          minDate={dayjs().format('YYYY-MM-DD')}
          value={toPicker(publishDate)}
          onChange={(value) => onChange({ publishDate: toInstant(value), expirationDate })}
          error={problem === 'publishInPast' ? t('compose.dates.publishInPast') : undefined}
          clearButtonProps={{ 'aria-label': t('compose.dates.clearPublish') }}
        />
        <DateTimePicker
          {...shared}
          label={t('compose.dates.expiration')}
          description={t('compose.dates.expirationHint')}
          placeholder={t('compose.dates.never')}
          minDate={dayjs().format('YYYY-MM-DD')}
          value={toPicker(expirationDate)}
          onChange={(value) => onChange({ publishDate, expirationDate: toInstant(value) })}
          error={problem === 'expiresBeforePublish' ? t('compose.dates.expiresBeforePublish') : undefined}
          clearButtonProps={{ 'aria-label': t('compose.dates.clearExpiration') }}
        />
      </SimpleGrid>
    </DatesProvider>
  );
}
