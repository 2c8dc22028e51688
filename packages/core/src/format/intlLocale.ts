import { LANGUAGES } from '../constants';

// Numbers and dates follow the interface language, never the device's own locale: a family that reads
// Patio in German sees "38,5 kg" even on an English phone. Spanish is written as in Colombia (spec §1).

const INTL_LOCALES: Record<(typeof LANGUAGES)[number], string> = {
  es: 'es-CO',
  en: 'en',
  de: 'de',
  fr: 'fr',
  it: 'it',
  pt: 'pt',
};

/** The Intl locale of an interface language or tag ('es', 'es-CO' → 'es-CO'; 'pt-BR' → 'pt'); unknown → 'es-CO'. */
export function intlLocaleOf(language: string | null | undefined): string {
  const primary = (language ?? '').trim().toLowerCase().split(/[-_]/)[0] as (typeof LANGUAGES)[number];
  return INTL_LOCALES[primary] ?? INTL_LOCALES.es;
}
