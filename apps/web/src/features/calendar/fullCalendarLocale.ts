import type { LocaleInput } from '@fullcalendar/core';
import deLocale from '@fullcalendar/core/locales/de';
import esLocale from '@fullcalendar/core/locales/es';
import frLocale from '@fullcalendar/core/locales/fr';
import itLocale from '@fullcalendar/core/locales/it';
import ptLocale from '@fullcalendar/core/locales/pt-br';
import { dictionaryLanguageOf, matchInterfaceLanguage, type DictionaryLanguage } from '@patio/core/i18n/index';

// FullCalendar's own words (month and day names, "all day", week numbers) and first day of the week
// per interface language; English is built in. Patio's Portuguese is Brazilian (você).
const LOCALES: Record<Exclude<DictionaryLanguage, 'en'>, LocaleInput> = { es: esLocale, de: deLocale, fr: frLocale, it: itLocale, pt: ptLocale };

/** The FullCalendar locale of an interface language ('es-CO' → es). */
export function fullCalendarLocaleOf(language: string): LocaleInput | string {
  const dictionary = dictionaryLanguageOf(matchInterfaceLanguage(language));
  return dictionary === 'en' ? 'en' : LOCALES[dictionary];
}
