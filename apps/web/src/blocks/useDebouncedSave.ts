import { useCallback, useEffect, useRef, useState } from 'react';
import { AUTOSAVE_DEBOUNCE_MS } from '@patio/core/constants';

export type DebouncedStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

/**
 * Spec §4 form and html autosave: `save` runs 500 ms after the last `schedule`, one save at a time,
 * always with the latest value; a value still waiting when the view closes is saved then.
 */
export function useDebouncedSave<T>(save: (value: T) => Promise<unknown>, delayMs = AUTOSAVE_DEBOUNCE_MS) {
  const [status, setStatus] = useState<DebouncedStatus>('idle');
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const waiting = useRef<{ value: T } | null>(null);
  const chain = useRef<Promise<void>>(Promise.resolve());

  const run = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = waiting.current;
    waiting.current = null;
    if (!next) return chain.current;
    chain.current = chain.current.then(async () => {
      setStatus('saving');
      try {
        await saveRef.current(next.value);
        setStatus((current) => (current === 'saving' ? 'saved' : current));
      } catch {
        setStatus('failed');
      }
    });
    return chain.current;
  }, []);

  const schedule = useCallback(
    (value: T) => {
      waiting.current = { value };
      setStatus('pending');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void run(), delayMs);
    },
    [delayMs, run],
  );

  useEffect(() => () => void run(), [run]);
  return { status, schedule, flush: run };
}
