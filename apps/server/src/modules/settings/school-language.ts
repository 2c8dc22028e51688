import { LANGUAGES, type Language } from '@patio/core';

// The school's default language (orgs.settings JSON `language`): mails to a person whose own language
// is unknown, and the screens before sign-in when the browser speaks none of the six. Spanish unless set.

export const LANGUAGE_KEY = 'language';
export const DEFAULT_SCHOOL_LANGUAGE: Language = 'es';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The school's default language. */
export function schoolLanguageOf(settings: Record<string, unknown>): Language {
  const value = settings[LANGUAGE_KEY];
  return isLanguage(value) ? value : DEFAULT_SCHOOL_LANGUAGE;
}
