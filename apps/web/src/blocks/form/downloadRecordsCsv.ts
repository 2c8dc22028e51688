import { dictionaryLanguageOf, matchInterfaceLanguage } from '@patio/core/i18n/index';
import { downloadWithToken } from '../../app/api/downloadWithToken';

/** Saves GET data/entities/{id}/records.csv, its titles in the interface language. */
export function downloadRecordsCsv(options: { baseUrl: string | null; token: string | null; formId: number; language: string }): Promise<void> {
  const lang = dictionaryLanguageOf(matchInterfaceLanguage(options.language));
  return downloadWithToken({ ...options, path: `data/entities/${options.formId}/records.csv?lang=${lang}`, fallbackName: `form-${options.formId}.csv` });
}
