export type BackAction = 'none' | 'exit' | 'back';

export interface BackInput {
  /** The current page's own back handler, if it registered one. */
  pageHandler?: (() => boolean | void) | null;
  /** Whether the current route carries the exit-on-back flag. */
  exitOnBack: boolean;
}

/**
 * Mobile back button (spec §2): a page handler that returns false swallows the press; otherwise an
 * exit-on-back route closes the app; otherwise the app goes back one step.
 */
export function decideBack({ pageHandler, exitOnBack }: BackInput): BackAction {
  if (pageHandler && pageHandler() === false) return 'none';
  return exitOnBack ? 'exit' : 'back';
}
