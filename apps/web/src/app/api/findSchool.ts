import type { DirectoryEntry } from '@patio/core/schemas/org';
import type { ApiClient } from './apiClient';
import type { AppServices } from '../services';

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

/**
 * A mailed link names its school (`?school=<code>`): a device with another school stored, or none (a
 * phone opening the mail), switches to it through the directory before the link is used.
 */
export async function enterSchoolOfLink(services: Pick<AppServices, 'api' | 'session' | 'store'>, code: string | null): Promise<void> {
  if (!code || services.store.getState().school?.code === code) return;
  const entry = await findSchool(services.api, code);
  services.session.chooseSchool(entry.url, { code: entry.code, title: entry.title, logo: entry.logo ?? null });
}
