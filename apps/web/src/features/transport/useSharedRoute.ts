import { useEffect, useState } from 'react';
import type { DirectoryEntry, Settings } from '@patio/core/schemas/org';
import type { SharedRoute } from '@patio/core/schemas/transport';
import { ApiError } from '../../app/api/ApiError';
import { findSchool } from '../../app/api/findSchool';
import { useServices } from '../../app/services';
import { mapTilesOf, type MapTiles } from './map/mapTiles';

/** The shared map asks for the bus this often. */
export const SHARED_ROUTE_REFRESH_MS = 5000;

export type SharedRouteState =
  | { status: 'loading' }
  | { status: 'ready'; route: SharedRoute; school: DirectoryEntry; tiles: MapTiles; /** The last refresh failed; the shown position may be old. */ isOffline: boolean }
  | { status: 'expired'; school: DirectoryEntry | null }
  | { status: 'notFound' }
  | { status: 'failed'; error: unknown };

/** An absolute address under the school's API base: no bearer token goes with it (the viewer is anonymous). */
function schoolUrl(base: string, path: string): string {
  return new URL(path, new URL(base.replace(/\/*$/, '/'), window.location.href)).href;
}

/**
 * GET transport/shares/{token} of the school `org`, every 5 s, without signing in: the school comes
 * from the directory (as on the code screen), then the shared route until the link expires (410).
 */
export function useSharedRoute(org: string, token: string): SharedRouteState & { retry(): void } {
  const { api } = useServices();
  const [state, setState] = useState<SharedRouteState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let school: DirectoryEntry | null = null;
    let tiles: MapTiles | null = null;

    async function load(): Promise<void> {
      try {
        school ??= await findSchool(api, org);
        tiles ??= mapTilesOf(await api.get<Settings>(schoolUrl(school.url, 'vue/settings')).catch(() => null));
        const route = await api.get<SharedRoute>(schoolUrl(school.url, `transport/shares/${encodeURIComponent(token)}`));
        if (!current) return;
        setState({ status: 'ready', route, school, tiles, isOffline: false });
        timer = setTimeout(() => void load(), SHARED_ROUTE_REFRESH_MS);
      } catch (error) {
        if (!current) return;
        if (error instanceof ApiError && error.status === 410) setState({ status: 'expired', school });
        else if (error instanceof ApiError && (error.status === 404 || error.status === 400)) setState({ status: 'notFound' });
        else {
          // A dropped connection keeps the last map on screen and tries again.
          setState((previous) => (previous.status === 'ready' ? { ...previous, isOffline: true } : { status: 'failed', error }));
          timer = setTimeout(() => void load(), SHARED_ROUTE_REFRESH_MS);
        }
      }
    }

    void load();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [api, org, token, attempt]);

  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
