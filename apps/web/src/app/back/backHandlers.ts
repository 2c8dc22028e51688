import { useEffect, useLayoutEffect, useRef } from 'react';

type BackHandler = () => boolean | void;

// The most recently mounted page handler wins (a dialog over a page, for instance).
const handlers: Array<{ current: BackHandler }> = [];

/** The page-level back handler in effect, if any. */
export function currentBackHandler(): BackHandler | null {
  const top = handlers[handlers.length - 1];
  return top ? () => top.current() : null;
}

/** Lets a page react to the mobile back button; return false to keep the page where it is. */
export function useBackHandler(handler: BackHandler): void {
  const ref = useRef(handler);
  // Kept current after each render (not during it), so a back press always runs the latest handler.
  useLayoutEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    const entry = { current: () => ref.current() };
    handlers.push(entry);
    return () => {
      handlers.splice(handlers.indexOf(entry), 1);
    };
  }, []);
}
