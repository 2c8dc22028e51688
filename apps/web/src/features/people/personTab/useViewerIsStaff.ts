import { useSessionState } from '../../../app/services';
import { useSignedInId } from '../../../app/session/useSignedInId';
import { hasWorkspace } from '../../../app/workspace/workspaceViewer';
import { usePerson } from '../usePeople';

/**
 * Whether the signed-in person works in the staff workspace: from the session's profile, or, until the
 * session has loaded it (a reload straight onto a person's address), from their own profile. Null while
 * neither is known; false when it cannot be read, so the screen falls back to the plain profile rather
 * than waiting for ever.
 */
export function useViewerIsStaff(): boolean | null {
  const sessionUser = useSessionState((s) => s.user);
  const me = useSignedInId();
  const own = usePerson(sessionUser || me === null ? Number.NaN : me);
  if (sessionUser) return hasWorkspace(sessionUser);
  if (own.data) return hasWorkspace(own.data);
  if (own.isError || me === null) return false;
  return null;
}
