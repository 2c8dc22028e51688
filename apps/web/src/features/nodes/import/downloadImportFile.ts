import { dictionaryLanguageOf, matchInterfaceLanguage } from '@patio/core/i18n/index';
import { resolveUrl } from '../../../app/api/apiClient';
import { ApiError } from '../../../app/api/ApiError';
import { fileNameOf } from '../downloadMembersCsv';

export type ImportFileFormat = 'csv' | 'xlsx';

/** The query of the import's files: format, and the interface language for titles and problems. */
export function importFileQuery(format: ImportFileFormat, language: string): string {
  return `format=${format}&lang=${dictionaryLanguageOf(matchInterfaceLanguage(language))}`;
}

/**
 * Fetches one of the import's files (the template, the rows to fix) with the bearer token, which a
 * plain link could not send, and saves it under the name the server gave.
 */
export async function downloadImportFile(options: { baseUrl: string | null; token: string | null; path: string; fallbackName: string }): Promise<void> {
  const { url } = resolveUrl(options.baseUrl, options.path);
  const response = await fetch(url, { headers: options.token ? { Authorization: `Bearer ${options.token}` } : {} });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => null), url);
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameOf(response.headers.get('Content-Disposition'), options.fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
