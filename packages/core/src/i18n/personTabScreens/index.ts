import type { DictionaryLanguage } from '../index';
import type { PersonTabDictionary } from './es';

export type { PersonTabDictionary } from './es';

const loaders: Record<DictionaryLanguage, () => Promise<PersonTabDictionary>> = {
  es: () => import('./es').then((m) => m.es as PersonTabDictionary),
  en: () => import('./en').then((m) => m.en),
  de: () => import('./de').then((m) => m.de),
  fr: () => import('./fr').then((m) => m.fr),
  it: () => import('./it').then((m) => m.it),
  pt: () => import('./pt').then((m) => m.pt),
};

/** Loads the texts of a person's tab in one language on demand (one chunk per language). */
export function loadPersonTabTerms(language: DictionaryLanguage): Promise<PersonTabDictionary> {
  return loaders[language]();
}
