import type { UIMatch } from 'react-router';

/** Route metadata (spec §2): the screen's dictionary name, an order number and the exit-on-back flag. */
export interface RouteHandle {
  /** Key under `screens.` in the dictionaries. */
  screen?: string;
  /** Position among the main navigation tabs (used for their order and transitions). */
  order?: number;
  /** The mobile back button closes the app on this route. */
  exitOnBack?: boolean;
}

/** The metadata of the deepest matched route. */
export function deepestHandle(matches: UIMatch[]): RouteHandle {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.screen) return handle;
  }
  return {};
}
