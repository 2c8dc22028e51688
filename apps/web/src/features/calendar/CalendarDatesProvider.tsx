import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import 'dayjs/locale/pt';
import { dictionaryLanguageOf, matchInterfaceLanguage } from '@patio/core/i18n/index';

/**
 * First day of the week of an interface language, as the calendar's locales have it: Sunday in
 * English and (Brazilian) Portuguese, Monday in the others.
 */
export function firstDayOfWeekOf(language: string): 0 | 1 {
  const dictionary = dictionaryLanguageOf(matchInterfaceLanguage(language));
  return dictionary === 'en' || dictionary === 'pt' ? 0 : 1;
}

/** Date pickers in the interface language (month and day names, first day of the week). */
export function CalendarDatesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = dictionaryLanguageOf(matchInterfaceLanguage(i18n.language));
  return <DatesProvider settings={{ locale, firstDayOfWeek: firstDayOfWeekOf(i18n.language) }}>{children}</DatesProvider>;
}
