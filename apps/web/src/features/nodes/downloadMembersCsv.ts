import { dictionaryLanguageOf, matchInterfaceLanguage } from '@patio/core/i18n/index';
import { downloadWithToken } from '../../app/api/downloadWithToken';

/**
 * Saves GET nodes/{id}/members.csv as CSV or XLSX. Titles follow the interface language, and so does
 * the CSV delimiter (the server's: commas for English, semicolons where the decimal separator is a comma).
 */
export function downloadMembersCsv(options: { baseUrl: string | null; token: string | null; nodeId: number; language: string; format?: 'csv' | 'xlsx' }): Promise<void> {
  const lang = dictionaryLanguageOf(matchInterfaceLanguage(options.language));
  const format = options.format ?? 'csv';
  const query = format === 'xlsx' ? `lang=${lang}&format=xlsx` : `lang=${lang}`;
  return downloadWithToken({ ...options, path: `nodes/${options.nodeId}/members.csv?${query}`, fallbackName: `members.${format}` });
}
