import type { DictionaryLanguage } from '../index';
import type { AttendanceDictionary } from './es';

export type { AttendanceDictionary } from './es';

const loaders: Record<DictionaryLanguage, () => Promise<AttendanceDictionary>> = {
  es: () => import('./es').then((m) => m.es as AttendanceDictionary),
  en: () => import('./en').then((m) => m.en),
  de: () => import('./de').then((m) => m.de),
  fr: () => import('./fr').then((m) => m.fr),
  it: () => import('./it').then((m) => m.it),
  pt: () => import('./pt').then((m) => m.pt),
};

/** Loads the attendance screens' texts of one language on demand (one chunk per language). */
export function loadAttendanceTerms(language: DictionaryLanguage): Promise<AttendanceDictionary> {
  return loaders[language]();
}
