import { createContext, useContext, useEffect, useRef } from 'react';

// Issue 33 item 2: what an author typed into a block and did not accept yet (a pasted video address)
// must not vanish when the post is published. Compose holds a registry; each open editor with unsaved
// text registers how to settle it: save it when it is valid, else say why publishing has to wait.

/** A settled edit: saved, or the field still holding it (its own message says why) and a way to take the author there. */
export type PendingOutcome = { ok: true } | { ok: false; label: string; focus: () => void };

export interface PendingEdit {
  settle: () => Promise<PendingOutcome>;
}

/** The unsaved edits of one compose screen. */
export class PendingEdits {
  private readonly edits = new Map<symbol, () => PendingEdit>();

  /** Registers an edit (read when settled, so it sees the latest text); answers its removal. */
  register(read: () => PendingEdit): () => void {
    const key = Symbol('pending edit');
    this.edits.set(key, read);
    return () => void this.edits.delete(key);
  }

  /** Saves every pending edit that can be saved, one by one; answers the first that cannot, or null. */
  async settleAll(): Promise<Extract<PendingOutcome, { ok: false }> | null> {
    for (const read of [...this.edits.values()]) {
      const outcome = await read().settle();
      if (!outcome.ok) return outcome;
    }
    return null;
  }
}

export const PendingEditsContext = createContext<PendingEdits | null>(null);

/** Keeps `edit` registered with the screen's PendingEdits while it is not null (no registry: nothing to do). */
export function usePendingEdit(edit: PendingEdit | null): void {
  const edits = useContext(PendingEditsContext);
  const latest = useRef(edit);
  useEffect(() => {
    latest.current = edit;
  });
  const isPending = edit !== null;
  useEffect(() => {
    if (!edits || !isPending) return;
    return edits.register(() => latest.current ?? { settle: async () => ({ ok: true }) });
  }, [edits, isPending]);
}
