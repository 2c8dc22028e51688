import type { DictionaryLanguage } from '../index';
import type { AdminWorkspaceDictionary } from './es';

export type { AdminWorkspaceDictionary } from './es';

const loaders: Record<DictionaryLanguage, () => Promise<AdminWorkspaceDictionary>> = {
  es: () => import('./es').then((m) => m.es as AdminWorkspaceDictionary),
  en: () => import('./en').then((m) => m.en),
  de: () => import('./de').then((m) => m.de),
  fr: () => import('./fr').then((m) => m.fr),
  it: () => import('./it').then((m) => m.it),
  pt: () => import('./pt').then((m) => m.pt),
};

/** Loads the admin tab screens' texts of one language on demand (one chunk per language). */
export function loadAdminWorkspaceTerms(language: DictionaryLanguage): Promise<AdminWorkspaceDictionary> {
  return loaders[language]();
}
