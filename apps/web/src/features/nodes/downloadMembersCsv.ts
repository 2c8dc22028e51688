import { dictionaryLanguageOf, matchInterfaceLanguage } from '@patio/core/i18n/index';
import { downloadWithToken } from '../../app/api/downloadWithToken';

/**
 * Saves GET nodes/{id}/members.csv. Titles follow the interface language; English spreadsheets split
 * on commas, the others (decimal comma) on semicolons.
 */
export function downloadMembersCsv(options: { baseUrl: string | null; token: string | null; nodeId: number; language: string }): Promise<void> {
  const lang = dictionaryLanguageOf(matchInterfaceLanguage(options.language));
  const delimiter = lang === 'en' ? 'comma' : 'semicolon';
  return downloadWithToken({ ...options, path: `nodes/${options.nodeId}/members.csv?lang=${lang}&delimiter=${delimiter}`, fallbackName: 'members.csv' });
}
