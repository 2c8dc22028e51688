import { dictionaryLanguageOf, matchInterfaceLanguage } from '@patio/core/i18n/index';
import { appendQuery } from '@patio/core/query';
import { downloadWithToken } from '../../app/api/downloadWithToken';

export interface StubsExport {
  postId: number;
  language: string;
  /** The list's filters: the file holds what the screen shows. */
  status: 'any' | 'read' | 'unread';
  q: string;
  format?: 'csv' | 'xlsx';
}

/** The export's address: the list's filters, titles and yes/no in the interface language, CSV unless XLSX is asked. */
export function stubsExportPath({ postId, language, status, q, format }: StubsExport): string {
  const lang = dictionaryLanguageOf(matchInterfaceLanguage(language));
  return appendQuery(`posts/${postId}/stubs/export`, { status: status === 'any' ? null : status, q, lang, format: format === 'xlsx' ? 'xlsx' : null });
}

/** Saves GET posts/{id}/stubs/export: what the list shows, as the other downloads of the app do. */
export function downloadStubsCsv(options: StubsExport & { baseUrl: string | null; token: string | null }): Promise<void> {
  return downloadWithToken({ ...options, path: stubsExportPath(options), fallbackName: `receipts-${options.postId}.${options.format ?? 'csv'}` });
}
