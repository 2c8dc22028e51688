import { useEffect, useRef } from 'react';

/**
 * A notification email links to `…/threads/feed/{thread}#form-{id}` when its post has a form: once the
 * form is on the screen, bring it into view. The element carries that id; the thread loads after the
 * page, so the browser's own jump to the anchor happens too early.
 */
export function useScrollToForm(formId: number) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (window.location.hash === `#form-${formId}`) ref.current?.scrollIntoView?.({ block: 'start' });
  }, [formId]);
  return ref;
}
