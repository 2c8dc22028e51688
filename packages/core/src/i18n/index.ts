import type { Dictionary } from './es';

export type { Dictionary, DictionaryShape } from './es';

/** Dictionary languages (spec §9): es is the reference, en the fallback. */
export type DictionaryLanguage = 'es' | 'en' | 'de' | 'fr' | 'it' | 'pt';

/** Interface language codes a person can pick; es-CO is the default (spec §1). */
export type LanguageCode = 'es-CO' | 'en' | 'de' | 'fr' | 'it' | 'pt';

/** One selectable interface language; `name` is written in that language itself. */
export interface LanguageOption {
  code: LanguageCode;
  dictionary: DictionaryLanguage;
  name: string;
}

/** The six interface languages in menu order. */
export const languages: readonly LanguageOption[] = [
  { code: 'es-CO', dictionary: 'es', name: 'Español (Colombia)' },
  { code: 'en', dictionary: 'en', name: 'English' },
  { code: 'de', dictionary: 'de', name: 'Deutsch' },
  { code: 'fr', dictionary: 'fr', name: 'Français' },
  { code: 'it', dictionary: 'it', name: 'Italiano' },
  { code: 'pt', dictionary: 'pt', name: 'Português' },
];

/** Default interface language (spec §1). */
export const defaultLanguage: LanguageCode = 'es-CO';

/** Fallback language used when a key is missing in the active one (spec §1). */
export const fallbackLanguage: LanguageCode = 'en';

/** Maps any language tag ('es', 'es-CO', 'pt-BR', 'EN') to a supported interface language, else the default. */
export function matchInterfaceLanguage(tag: string | null | undefined): LanguageCode {
  if (!tag) return defaultLanguage;
  const lower = tag.toLowerCase();
  const exact = languages.find((l) => l.code.toLowerCase() === lower);
  if (exact) return exact.code;
  const base = lower.split('-')[0];
  return languages.find((l) => l.dictionary === base)?.code ?? defaultLanguage;
}

/** The dictionary language that serves an interface language ('es-CO' → 'es'). */
export function dictionaryLanguageOf(code: LanguageCode): DictionaryLanguage {
  return languages.find((l) => l.code === code)?.dictionary ?? 'es';
}

const loaders: Record<DictionaryLanguage, () => Promise<Dictionary>> = {
  es: () => import('./es').then((m) => m.es as Dictionary),
  en: () => import('./en').then((m) => m.en),
  de: () => import('./de').then((m) => m.de),
  fr: () => import('./fr').then((m) => m.fr),
  it: () => import('./it').then((m) => m.it),
  pt: () => import('./pt').then((m) => m.pt),
};

/** Loads one language's built-in dictionary on demand (one chunk per language in the web build). */
export function loadDictionary(lang: DictionaryLanguage | LanguageCode): Promise<Dictionary> {
  const dictionary = lang in loaders ? (lang as DictionaryLanguage) : dictionaryLanguageOf(lang as LanguageCode);
  return loaders[dictionary]();
}
