import { useCallback, useEffect, useRef, useState } from 'react';
import type { AttendanceType } from '@patio/core/schemas/attendance';

// The roll's undo (issue 33): after each tap the row offers to put back what it showed before, for as
// long as the family's alert waits on the server (ALERT_UNDO_SECONDS), so an undo never chases an alert
// that already went out. An undo is itself a mark, saved through the same queue as any other.

/** What a row showed before a tap: the mark its undo sends. */
export interface UndoOffer {
  type: AttendanceType;
  note: string;
}

export interface UndoOffers {
  offers: ReadonlyMap<number, UndoOffer>;
  /** Offers to put `previous` back on `personId`'s row for the window (replacing an earlier offer). */
  offer(personId: number, previous: UndoOffer): void;
  /** Takes the offer of a row (it is gone afterwards); undefined once its window has passed. */
  take(personId: number): UndoOffer | undefined;
}

export function useUndoOffers(seconds: number): UndoOffers {
  const [offers, setOffers] = useState<ReadonlyMap<number, UndoOffer>>(() => new Map());
  const current = useRef(offers);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const update = useCallback((change: (next: Map<number, UndoOffer>) => void) => {
    const next = new Map(current.current);
    change(next);
    current.current = next;
    setOffers(next);
  }, []);

  const forget = useCallback(
    (personId: number) => {
      clearTimeout(timers.current.get(personId));
      timers.current.delete(personId);
      update((next) => next.delete(personId));
    },
    [update],
  );

  const offer = useCallback(
    (personId: number, previous: UndoOffer) => {
      clearTimeout(timers.current.get(personId));
      timers.current.set(
        personId,
        setTimeout(() => forget(personId), seconds * 1000),
      );
      update((next) => next.set(personId, previous));
    },
    [seconds, forget, update],
  );

  const take = useCallback(
    (personId: number) => {
      const found = current.current.get(personId);
      if (found) forget(personId);
      return found;
    },
    [forget],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  return { offers, offer, take };
}
