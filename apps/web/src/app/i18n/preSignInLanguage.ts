import { defaultLanguage, languages, matchInterfaceLanguage, type LanguageCode } from '@patio/core/i18n/index';

// Before sign-in nobody has a language of their own yet: the screens speak the language picked in
// this browser session, else the first of the browser's languages Patio offers (issue 8), else the
// school's default language once a school is chosen (GET vue/settings `language`), else es-CO.

/** Where the language picked before sign-in is kept, for this browser session only. */
export const CHOSEN_LANGUAGE_KEY = 'patio.language';

/** The interface language a browser tag stands for ('de-AT' → 'de', 'es-MX' → 'es-CO'), or null when none does. */
export function offeredLanguageOf(tag: string): LanguageCode | null {
  const normal = tag.trim().replace(/_/g, '-');
  const base = normal.toLowerCase().split('-')[0];
  // matchInterfaceLanguage answers the default for unknown tags too, so the base is checked first.
  return languages.some((l) => l.dictionary === base) ? matchInterfaceLanguage(normal) : null;
}

/** The first of the browser's languages (most wanted first) that Patio offers; `fallback` (es-CO) when none is. */
export function browserLanguageOf(tags: readonly string[], fallback: LanguageCode = defaultLanguage): LanguageCode {
  for (const tag of tags) {
    const language = typeof tag === 'string' ? offeredLanguageOf(tag) : null;
    if (language) return language;
  }
  return fallback;
}

/** The language picked earlier in this browser session, if any (storage may be blocked or hold junk). */
export function readChosenLanguage(storage: Storage | null): LanguageCode | null {
  try {
    const stored = storage?.getItem(CHOSEN_LANGUAGE_KEY);
    return stored && languages.some((l) => l.code === stored) ? (stored as LanguageCode) : null;
  } catch {
    return null;
  }
}

/** Keeps a picked language for the rest of this browser session. */
export function rememberChosenLanguage(storage: Storage | null, language: LanguageCode): void {
  try {
    storage?.setItem(CHOSEN_LANGUAGE_KEY, language);
  } catch {
    // Private modes may refuse storage: the pick still applies until the page is reloaded.
  }
}

/** The browser's own storage and languages, read defensively (embedded webviews lack some). */
export function browserSources(): { storage: Storage | null; tags: readonly string[] } {
  let storage: Storage | null;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage blocked by the browser's settings: nothing is remembered, the browser's languages count.
    storage = null;
  }
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
  return { storage, tags };
}

/**
 * The interface language before sign-in: this session's pick, else the browser's languages, else the
 * school's default language (when a school is chosen and says one), else es-CO.
 */
export function preSignInLanguage(
  { storage, tags }: { storage: Storage | null; tags: readonly string[] } = browserSources(),
  schoolLanguage: string | null = null,
): LanguageCode {
  const school = typeof schoolLanguage === 'string' ? offeredLanguageOf(schoolLanguage) : null;
  return readChosenLanguage(storage) ?? browserLanguageOf(tags, school ?? defaultLanguage);
}
