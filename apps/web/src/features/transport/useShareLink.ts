import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZShareCreated } from '@patio/core/schemas/transport';
import { useServices } from '../../app/services';

export type ShareCreated = z.infer<typeof ZShareCreated>;

/** The lives a share link may have, in minutes (within SHARE_MIN_MINUTES and SHARE_MAX_MINUTES). */
export const SHARE_DURATIONS = [30, 60, 120, 240, 480, 1440] as const;

/** POST transport/routes/{id}/shares {minutes} → {url, expiresAt}: a read-only live map anyone with the link may open. */
export function useShareLink(routeId: number) {
  const { api } = useServices();
  return useMutation({
    mutationFn: (minutes: number) => api.post<ShareCreated>(`transport/routes/${routeId}/shares`, { minutes }),
  });
}
