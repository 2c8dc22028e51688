import { dictionaryLanguageOf, matchInterfaceLanguage } from '@patio/core/i18n/index';
import { appendQuery } from '@patio/core/query';
import { resolveUrl } from '../../app/api/apiClient';
import { ApiError } from '../../app/api/ApiError';

/** The file name the server gave in Content-Disposition (the UTF-8 form first), else the fallback. */
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

export interface StubsExport {
  postId: number;
  language: string;
  /** The list's filters: the file holds what the screen shows. */
  status: 'any' | 'read' | 'unread';
  q: string;
}

/** The export's address: the list's filters, titles and yes/no in the interface language. */
export function stubsExportPath({ postId, language, status, q }: StubsExport): string {
  const lang = dictionaryLanguageOf(matchInterfaceLanguage(language));
  return appendQuery(`posts/${postId}/stubs/export`, { status: status === 'any' ? null : status, q, lang });
}

/**
 * Fetches GET posts/{id}/stubs/export with the bearer token (a plain link could not send it) and
 * saves it under the name the server gave, as the other downloads of the app do.
 */
export async function downloadStubsCsv(options: StubsExport & { baseUrl: string | null; token: string | null }): Promise<void> {
  const { url } = resolveUrl(options.baseUrl, stubsExportPath(options));
  const response = await fetch(url, { headers: options.token ? { Authorization: `Bearer ${options.token}` } : {} });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => null), url);
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameOf(response.headers.get('Content-Disposition'), `receipts-${options.postId}.csv`);
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
