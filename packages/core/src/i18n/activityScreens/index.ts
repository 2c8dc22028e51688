import type { DictionaryLanguage } from '../index';
import type { ActivityDictionary } from './es';

export type { ActivityDictionary } from './es';

const loaders: Record<DictionaryLanguage, () => Promise<ActivityDictionary>> = {
  es: () => import('./es').then((m) => m.es as ActivityDictionary),
  en: () => import('./en').then((m) => m.en),
  de: () => import('./de').then((m) => m.de),
  fr: () => import('./fr').then((m) => m.fr),
  it: () => import('./it').then((m) => m.it),
  pt: () => import('./pt').then((m) => m.pt),
};

/** Loads the extracurricular activities' screens' texts of one language on demand (one chunk per language). */
export function loadActivityTerms(language: DictionaryLanguage): Promise<ActivityDictionary> {
  return loaders[language]();
}
