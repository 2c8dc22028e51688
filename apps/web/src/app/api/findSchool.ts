import type { DirectoryEntry } from '@patio/core/schemas/org';
import type { ApiClient } from './apiClient';

/** Where the school directory lives: this site's /api/directory/ unless the build says otherwise (mobile app). */
function directoryBase(): string {
  const configured = import.meta.env.VITE_DIRECTORY_URL as string | undefined;
  return configured ?? new URL('/api/directory/', window.location.origin).href;
}

/** GET /api/directory/{code}: the school's title, logo and API base URL. Throws ApiError 404 for an unknown code. */
export async function findSchool(api: ApiClient, code: string): Promise<DirectoryEntry> {
  const base = directoryBase().replace(/\/?$/, '/');
  const entry = await api.get<DirectoryEntry>(`${base}${encodeURIComponent(code)}`);
  if (!entry || typeof entry.url !== 'string') throw new Error('Unexpected directory answer');
  return entry;
}
