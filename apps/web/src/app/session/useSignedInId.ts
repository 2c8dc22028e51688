import { useSessionState } from '../services';
import { decodeToken } from './token';

/** The signed-in person's id: from the loaded user, else from the token (the user loads after the screen). */
export function useSignedInId(): number | null {
  return useSessionState((s) => {
    if (s.user) return s.user.id;
    if (!s.token) return null;
    try {
      const uid = Number(decodeToken(s.token).uid);
      return Number.isFinite(uid) ? uid : null;
    } catch {
      return null;
    }
  });
}
