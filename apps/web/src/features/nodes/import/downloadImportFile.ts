import { dictionaryLanguageOf, matchInterfaceLanguage } from '@patio/core/i18n/index';
import { downloadWithToken } from '../../../app/api/downloadWithToken';

export type ImportFileFormat = 'csv' | 'xlsx';

/** The query of the import's files: format, and the interface language for titles and problems. */
export function importFileQuery(format: ImportFileFormat, language: string): string {
  return `format=${format}&lang=${dictionaryLanguageOf(matchInterfaceLanguage(language))}`;
}

/** Saves one of the import's files (the template, the rows to fix). */
export function downloadImportFile(options: { baseUrl: string | null; token: string | null; path: string; fallbackName: string }): Promise<void> {
  return downloadWithToken(options);
}
