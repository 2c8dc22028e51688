import { useEffect } from 'react';
import type { Settings } from '@patio/core/schemas/org';
import { useServices, useSessionState } from '../../app/services';

/**
 * GET vue/settings (public): the school's title, colour, logo and configured sign-in providers, kept
 * in the session (spec §9 local caches). A failed load is silently ignored (spec §8).
 */
export function useSchoolSettings(): Settings | null {
  const { api, store } = useServices();
  const url = useSessionState((s) => s.url);
  const settings = useSessionState((s) => s.settings);

  useEffect(() => {
    if (!url || settings) return;
    let current = true;
    api
      .get<Settings>('vue/settings')
      .then((loaded) => {
        if (current && store.getState().url === url) store.update({ settings: loaded });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [api, store, url, settings]);

  return settings;
}
