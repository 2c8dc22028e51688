import type { DictionaryLanguage } from '../index';
import type { ClassroomDictionary } from './es';

export type { ClassroomDictionary } from './es';

const loaders: Record<DictionaryLanguage, () => Promise<ClassroomDictionary>> = {
  es: () => import('./es').then((m) => m.es as ClassroomDictionary),
  en: () => import('./en').then((m) => m.en),
  de: () => import('./de').then((m) => m.de),
  fr: () => import('./fr').then((m) => m.fr),
  it: () => import('./it').then((m) => m.it),
  pt: () => import('./pt').then((m) => m.pt),
};

/** Loads the classroom and teaching screens' texts of one language on demand (one chunk per language). */
export function loadClassroomTerms(language: DictionaryLanguage): Promise<ClassroomDictionary> {
  return loaders[language]();
}
