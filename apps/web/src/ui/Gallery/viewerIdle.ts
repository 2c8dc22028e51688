const UI_VISIBLE = 'pswp--ui-visible';

export interface IdleTimes {
  /** The controls hide after this long without the pointer moving. */
  idleMs: number;
  /** …and this soon once the pointer leaves the viewer. */
  leaveIdleMs: number;
}

/**
 * Spec §9 image viewer idle: its controls fade after 4 s without a mouse move, 1 s after the pointer
 * leaves. Touch is left to the viewer's own tap (it toggles the controls). Answers the clean-up.
 */
export function watchViewerIdle(root: HTMLElement, { idleMs, leaveIdleMs }: IdleTimes): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hideAfter = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => root.classList.remove(UI_VISIBLE), ms);
  };
  const wake = () => {
    root.classList.add(UI_VISIBLE);
    hideAfter(idleMs);
  };
  const handleMove = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') wake();
  };
  const handleLeave = () => hideAfter(leaveIdleMs);
  root.addEventListener('pointermove', handleMove);
  root.addEventListener('keydown', wake);
  root.addEventListener('pointerleave', handleLeave);
  hideAfter(idleMs);
  return () => {
    clearTimeout(timer);
    root.removeEventListener('pointermove', handleMove);
    root.removeEventListener('keydown', wake);
    root.removeEventListener('pointerleave', handleLeave);
  };
}
