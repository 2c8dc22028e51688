import type { DictionaryLanguage } from '../index';
import type { DashboardDictionary } from './es';

export type { DashboardDictionary } from './es';

const loaders: Record<DictionaryLanguage, () => Promise<DashboardDictionary>> = {
  es: () => import('./es').then((m) => m.es as DashboardDictionary),
  en: () => import('./en').then((m) => m.en),
  de: () => import('./de').then((m) => m.de),
  fr: () => import('./fr').then((m) => m.fr),
  it: () => import('./it').then((m) => m.it),
  pt: () => import('./pt').then((m) => m.pt),
};

/** Loads the dashboard screens' texts of one language on demand (one chunk per language). */
export function loadDashboardTerms(language: DictionaryLanguage): Promise<DashboardDictionary> {
  return loaders[language]();
}
