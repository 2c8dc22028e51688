import type { DictionaryLanguage } from '../index';
import type { RouteSetupDictionary } from './es';

export type { RouteSetupDictionary } from './es';

const loaders: Record<DictionaryLanguage, () => Promise<RouteSetupDictionary>> = {
  es: () => import('./es').then((m) => m.es as RouteSetupDictionary),
  en: () => import('./en').then((m) => m.en),
  de: () => import('./de').then((m) => m.de),
  fr: () => import('./fr').then((m) => m.fr),
  it: () => import('./it').then((m) => m.it),
  pt: () => import('./pt').then((m) => m.pt),
};

/** Loads the route setup texts of one language on demand (one chunk per language). */
export function loadRouteSetupTerms(language: DictionaryLanguage): Promise<RouteSetupDictionary> {
  return loaders[language]();
}
