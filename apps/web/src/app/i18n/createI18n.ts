import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  dictionaryLanguageOf,
  fallbackLanguage,
  loadDictionary,
  type DictionaryLanguage,
  type LanguageCode,
} from '@patio/core/i18n/index';

/** Missing keys log a warning and show the key itself (spec §8). */
export function reportMissingKey(key: string): string {
  console.warn(`Missing translation: ${key}`);
  return key;
}

const fallbackDictionary = dictionaryLanguageOf(fallbackLanguage);

/** A fresh i18next instance: es-CO by default, en as fallback, dictionaries added as they load. */
export async function createI18n(): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: undefined,
    fallbackLng: fallbackLanguage,
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    parseMissingKeyHandler: (key: string) => {
      // The fallback dictionary is fetched only when a key is missing (the parity test keeps that rare);
      // the store's 'added' event then re-renders with the English text.
      void ensureDictionary(instance, fallbackDictionary).catch(() => undefined);
      return reportMissingKey(key);
    },
    // Re-render when a dictionary or a school's term map arrives.
    react: { bindI18nStore: 'added', useSuspense: false },
  });
  return instance;
}

const loads = new WeakMap<I18n, Map<DictionaryLanguage, Promise<void>>>();

/**
 * Adds a built-in dictionary once per instance: later additions would overwrite school terms, so two
 * callers asking at once (a language picker preloading, the session applying) share one load.
 */
export function ensureDictionary(i18n: I18n, language: DictionaryLanguage): Promise<void> {
  const pending = loads.get(i18n) ?? new Map<DictionaryLanguage, Promise<void>>();
  loads.set(i18n, pending);
  let load = pending.get(language);
  if (!load) {
    load = loadDictionary(language).then((dictionary) => {
      i18n.addResourceBundle(language, 'translation', dictionary, true, true);
    });
    // A failed chunk (offline) may be fetched again by the next switch.
    load.catch(() => pending.delete(language));
    pending.set(language, load);
  }
  return load;
}

/** Switches the interface language: loads its dictionary, then sets i18next and <html lang>. */
export async function applyLanguage(i18n: I18n, language: LanguageCode): Promise<void> {
  await ensureDictionary(i18n, dictionaryLanguageOf(language));
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

/**
 * Merges a school's term map (GET vue/i18n/languages/{lang}: flat "section.key" → text) over the
 * built-in dictionary. Failures are silently ignored (spec §8).
 */
export async function mergeSchoolTerms(
  i18n: I18n,
  language: LanguageCode,
  fetchTerms: (lang: DictionaryLanguage) => Promise<unknown>,
): Promise<void> {
  const dictionaryLanguage = dictionaryLanguageOf(language);
  try {
    const terms = await fetchTerms(dictionaryLanguage);
    if (!terms || typeof terms !== 'object' || Array.isArray(terms)) return;
    const strings = Object.fromEntries(
      Object.entries(terms as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
    );
    i18n.addResources(dictionaryLanguage, 'translation', strings);
  } catch {
    // spec §8: dictionary loads fail silently; the built-in texts stay.
  }
}
