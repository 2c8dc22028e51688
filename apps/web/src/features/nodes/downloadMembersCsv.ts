import { dictionaryLanguageOf, matchInterfaceLanguage } from '@patio/core/i18n/index';
import { resolveUrl } from '../../app/api/apiClient';
import { ApiError } from '../../app/api/ApiError';

/** The file name the server gave in Content-Disposition (the UTF-8 form first), else a default. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const utf8 = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (utf8) {
    try {
      return decodeURIComponent(utf8);
    } catch {
      // a malformed name falls through to the plain one
    }
  }
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

/**
 * Fetches GET nodes/{id}/members.csv with the bearer token (a plain link could not send it) and
 * saves it. Titles follow the interface language; English spreadsheets split on commas, the others
 * (decimal comma) on semicolons.
 */
export async function downloadMembersCsv(options: { baseUrl: string | null; token: string | null; nodeId: number; language: string }): Promise<void> {
  const lang = dictionaryLanguageOf(matchInterfaceLanguage(options.language));
  const delimiter = lang === 'en' ? 'comma' : 'semicolon';
  const { url } = resolveUrl(options.baseUrl, `nodes/${options.nodeId}/members.csv?lang=${lang}&delimiter=${delimiter}`);
  const response = await fetch(url, { headers: options.token ? { Authorization: `Bearer ${options.token}` } : {} });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => null), url);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameOf(response.headers.get('Content-Disposition'), 'members.csv');
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
