import { useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '@patio/core/schemas/notifications';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

/** The cache entry of a person's notification settings. */
export const notificationSettingsKey = (personId: number | null) => ['notifications', 'settings', personId] as const;

/** The path of GET/PUT of a person's notification settings. */
export const notificationSettingsPath = (personId: number) => `people/${personId}/settings/notifications`;

/** GET people/{id}/settings/notifications. */
export function useNotificationSettings(personId: number | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: notificationSettingsKey(personId),
    queryFn: ({ signal }) => api.get<NotificationSettings>(notificationSettingsPath(personId!), { signal }),
    enabled: personId !== null,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}
