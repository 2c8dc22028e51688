import type { UIMatch } from 'react-router';

/** The main navigation entries a screen may belong to (spec §2 navigation labels). */
export type TabKey = 'highlights' | 'inbox' | 'calendar' | 'contacts' | 'more';

/** Route metadata (spec §2): the screen's dictionary name, an order number and the exit-on-back flag. */
export interface RouteHandle {
  /** Key under `screens.` in the dictionaries. */
  screen?: string;
  /** Full dictionary key of the screen's name where it is not `screens.<screen>` (public screens, 404). */
  title?: string;
  /** The navigation tab this screen belongs to; 'none' for a screen no tab fits. Unset: decided by its path. */
  tab?: TabKey | 'none';
  /** Position among the main navigation tabs (used for their order and transitions). */
  order?: number;
  /** The mobile back button closes the app on this route. */
  exitOnBack?: boolean;
  /**
   * The staff workspace tab this route and those below it open or focus (issue 36 §1): `admin`, or
   * `person` (the tab `person:{personId}` of the route's personId param).
   */
  workspace?: 'admin' | 'person';
}

/** The metadata of the deepest matched route. */
export function deepestHandle(matches: UIMatch[]): RouteHandle {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.screen) return handle;
  }
  return {};
}

/** The dictionary key naming the deepest matched screen, or null on a route without a name. */
export function screenTitleKey(matches: UIMatch[]): string | null {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.title) return handle.title;
    if (handle?.screen) return `screens.${handle.screen}`;
  }
  return null;
}

/** The tab the deepest matched route declares, if any. */
export function declaredTab(matches: UIMatch[]): RouteHandle['tab'] {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const tab = (matches[i].handle as RouteHandle | undefined)?.tab;
    if (tab) return tab;
  }
  return undefined;
}
