import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TokenResponse } from '@patio/core/schemas/auth';
import type { PasswordChangeRequest } from '@patio/core/schemas/sessions';
import { useServices } from '../../app/services';
import { useSignedInId } from '../../app/session/useSignedInId';

/** The query of the signed-in devices list (useSignedInSessions): after a change it has one new session. */
const SESSIONS_KEY = ['sessions'] as const;

/**
 * POST people/{id}/password: the person's current password and a new one. The server ends every token
 * of the account, this device's too, and answers a new one; it replaces the old one in the session
 * before any other request can go out with a token that now answers 401 (which would sign out).
 */
export function usePasswordChange() {
  const { api, session, store } = useServices();
  const client = useQueryClient();
  const personId = useSignedInId();
  return useMutation({
    mutationFn: async (body: PasswordChangeRequest): Promise<void> => {
      if (personId === null) throw new Error('Not signed in');
      const { access_token: token } = await api.post<TokenResponse>(`people/${personId}/password`, body);
      try {
        // As a sign-in does: the token first, then the person and this device's push registration.
        await session.authenticate(token);
      } catch (error) {
        // The new token is kept as soon as it decodes; a failed reload of the profile after that does
        // not undo a change the server has made (the shell loads the person again).
        if (store.getState().token !== token) throw error;
      }
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
