import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Appearance, AppearanceUpdate } from '@patio/core/schemas/appearance';
import { useServices } from '../../app/services';
import { SCHOOL_TIME_ZONE_KEY } from '../../app/schoolTimeZone';

export const APPEARANCE_KEY = ['settings', 'appearance'] as const;

/**
 * GET/PUT settings/appearance (administrators). A save is copied into the session's school and
 * settings, so the app bar, the /login band and the calendar follow at once, without a reload.
 */
export function useAppearance() {
  const { api, store } = useServices();
  const client = useQueryClient();
  const query = useQuery({ queryKey: APPEARANCE_KEY, queryFn: () => api.get<Appearance>('settings/appearance') });
  const save = useMutation({
    mutationFn: (change: AppearanceUpdate) => api.put<Appearance>('settings/appearance', change),
    onSuccess: (saved) => {
      client.setQueryData(APPEARANCE_KEY, saved);
      client.setQueryData(SCHOOL_TIME_ZONE_KEY, saved.timeZone);
      const { school, settings } = store.getState();
      store.update({
        school: school ? { ...school, title: saved.name, logo: saved.logo } : school,
        settings: settings
          ? { ...settings, title: saved.name, color: saved.color, logo: saved.logo, language: saved.language, timeZone: saved.timeZone, signInLink: saved.signInMethods.link }
          : settings,
      });
    },
  });
  return { query, save };
}
