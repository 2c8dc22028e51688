import type { UIMatch } from 'react-router';
import { deepestHandle } from './routeHandle';

/**
 * What a refused or missing screen was about, so its message names it (issue 8): a person's data, a
 * group, the Groups screen, an import, an administrators' area, or any other page.
 */
export type RefusalResource = 'page' | 'person' | 'group' | 'groups' | 'import' | 'admin';

// By the route's screen name (routes.tsx handles): the route decides the wording, not each screen.
const byScreen: Readonly<Record<string, RefusalResource>> = {
  person: 'person',
  children: 'person',
  nodes: 'groups',
  node: 'group',
  nodePeople: 'group',
  nodeChildren: 'group',
  nodePosts: 'group',
  nodeImport: 'import',
  registrations: 'admin',
  jobs: 'admin',
  invitations: 'admin',
  attendanceAdmin: 'admin',
  checkpoint: 'group',
  postTypes: 'admin',
  postType: 'admin',
  geoTargets: 'admin',
  geoTarget: 'admin',
  billing: 'person',
  debit: 'person',
  credit: 'person',
  billingAdmin: 'admin',
};

/** The resource of the deepest matched screen; 'page' when its route names none. */
export function refusalResourceOf(matches: UIMatch[]): RefusalResource {
  const screen = deepestHandle(matches).screen;
  return (screen && byScreen[screen]) || 'page';
}
