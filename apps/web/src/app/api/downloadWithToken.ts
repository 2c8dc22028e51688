import { saveBlob } from '../../ui/downloadFile';
import { resolveUrl } from './apiClient';
import { ApiError } from './ApiError';

// API downloads (exports, templates) need the bearer token, which a plain link could not send: they
// are fetched, then handed to the browser's "save" under the name the server gave.

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

export interface TokenDownload {
  baseUrl: string | null;
  token: string | null;
  /** The API path with its query, relative to the school's base. */
  path: string;
  /** The name to save under when the server gives none. */
  fallbackName: string;
}

/** Fetches `path` with the bearer token and saves it; an error answer throws ApiError. */
export async function downloadWithToken({ baseUrl, token, path, fallbackName }: TokenDownload): Promise<void> {
  const { url } = resolveUrl(baseUrl, path);
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError(response.status, await response.json().catch(() => null), url);
  saveBlob(await response.blob(), fileNameOf(response.headers.get('Content-Disposition'), fallbackName));
}
