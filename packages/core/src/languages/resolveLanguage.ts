import { FALLBACK_LANGUAGE, LANGUAGES } from '../constants';

/** One of the six UI languages (i18n key). */
export type LanguageKey = (typeof LANGUAGES)[number];

/** Tells whether a string is one of the six language keys. */
export function isLanguageKey(value: unknown): value is LanguageKey {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Maps a language tag ('es-CO', 'pt_BR', 'EN') to its i18n key; unknown or empty → 'en' (spec §9 fallback). */
export function resolveLanguage(tag: string | null | undefined): LanguageKey {
  const primary = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return isLanguageKey(primary) ? primary : FALLBACK_LANGUAGE;
}
