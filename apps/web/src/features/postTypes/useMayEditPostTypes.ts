import { useAllowedPaths } from '../../app/access/useAllowedPaths';

// POST allowed answers from PUT post-types' own policy: the screens are for those who may change types.
const EDIT_PATH = 'PUT post-types/message';

/** Whether the signed-in person may edit post types; null until the server has answered. */
export function useMayEditPostTypes(): boolean | null {
  const allowed = useAllowedPaths([EDIT_PATH]);
  return allowed === null ? null : allowed[EDIT_PATH] === true;
}
