import type { UIMatch } from 'react-router';
import type { RouteHandle } from '../routeHandle';
import { ADMIN_TAB_ID, personTabId, type WorkspaceTabId } from './tabIds';

/**
 * The workspace tab the shown route belongs to: the deepest route whose handle declares one, named by
 * its params (`person:{personId}`); null outside the workspace or for a person id that is not one.
 */
export function routeTabId(matches: readonly UIMatch[]): WorkspaceTabId | null {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const kind = (matches[i].handle as RouteHandle | undefined)?.workspace;
    if (kind === 'admin') return ADMIN_TAB_ID;
    if (kind === 'person') {
      const personId = matches[i].params.personId ?? '';
      return /^[1-9]\d{0,15}$/.test(personId) ? personTabId(personId) : null;
    }
  }
  return null;
}
