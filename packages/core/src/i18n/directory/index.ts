import type { DictionaryLanguage } from '../index';
import type { DirectoryDictionary } from './es';

export type { DirectoryDictionary } from './es';

const loaders: Record<DictionaryLanguage, () => Promise<DirectoryDictionary>> = {
  es: () => import('./es').then((m) => m.es as DirectoryDictionary),
  en: () => import('./en').then((m) => m.en),
  de: () => import('./de').then((m) => m.de),
  fr: () => import('./fr').then((m) => m.fr),
  it: () => import('./it').then((m) => m.it),
  pt: () => import('./pt').then((m) => m.pt),
};

/** Loads the people/groups/registration texts of one language on demand (one chunk per language). */
export function loadDirectoryTerms(language: DictionaryLanguage): Promise<DirectoryDictionary> {
  return loaders[language]();
}
