import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE } from '@patio/core/calendar/times';
import { useServices } from '../../app/services';
import { SCHOOL_TIME_ZONE_KEY, schoolTimeZoneQuery } from '../../app/schoolTimeZone';

/**
 * The school's time zone as GET vue/settings says it (unset: the default zone), and PUT
 * settings/time-zone to change it (administrators). The calendar screens read the same cache entry,
 * so a change here reaches them at once.
 */
export function useSchoolTimeZoneSetting() {
  const { api, store } = useServices();
  const client = useQueryClient();
  const query = useQuery(schoolTimeZoneQuery(api));
  const save = useMutation({
    mutationFn: (timeZone: string) => api.put<{ timeZone: string }>('settings/time-zone', { timeZone }),
    onSuccess: ({ timeZone }) => {
      client.setQueryData(SCHOOL_TIME_ZONE_KEY, timeZone);
      const settings = store.getState().settings;
      if (settings) store.update({ settings: { ...settings, timeZone } });
    },
  });
  const current = query.isSuccess ? (query.data ?? DEFAULT_TIME_ZONE) : null;
  return { current, query, save };
}
