import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PostInput } from '@patio/core/schemas/posts';
import { AUTOSAVE_DEBOUNCE_MS } from '@patio/core/constants';
import { useServices } from '../../app/services';
import { DRAFTS_KEY } from './useDrafts';

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

export interface DraftAutosave {
  status: SaveStatus;
  /** The error of the last failed save. */
  error: unknown;
  /** Saves the post 500 ms after the last call (spec §9 autosave debounce). */
  schedule(post: PostInput): void;
  /**
   * Saves what is waiting now (or `latest` again after a failed save); answers the draft's id (null
   * when nothing was ever saved) and whether the last save held.
   */
  flush(latest?: PostInput): Promise<{ id: number | null; ok: boolean; error: unknown }>;
  /** Stops saving (the post is being published or discarded); `reopen` resumes. */
  close(): Promise<void>;
  reopen(): void;
  /** Discards the draft on the server, once any save in flight has landed. */
  discard(): Promise<void>;
}

/**
 * Draft autosave: the first save creates the draft (POST people/{me}/posts/drafts), later ones
 * replace it whole (PUT posts/{id}). Saves run one after another, so a slow first save never
 * races a second one into two drafts. A save still waiting when the screen closes is sent then.
 */
export function useDraftAutosave(me: number | null, initialId: number | null, onCreated: (id: number) => void): DraftAutosave {
  const { api } = useServices();
  const client = useQueryClient();
  const [status, setStatus] = useState<SaveStatus>(initialId === null ? 'idle' : 'saved');
  const [error, setError] = useState<unknown>(null);
  const idRef = useRef(initialId);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const waiting = useRef<PostInput | null>(null);
  const chain = useRef<Promise<boolean>>(Promise.resolve(true));
  const lastError = useRef<unknown>(null);
  const closed = useRef(false);
  const onCreatedRef = useRef(onCreated);
  useEffect(() => {
    onCreatedRef.current = onCreated;
  }, [onCreated]);

  const save = useCallback(
    (post: PostInput): Promise<boolean> => {
      chain.current = chain.current.then(async () => {
        if (closed.current) return true;
        setStatus('saving');
        try {
          if (idRef.current === null) {
            const created = await api.post<{ id: number }>(`people/${me}/posts/drafts`, post);
            idRef.current = created.id;
            onCreatedRef.current(created.id);
          } else {
            await api.put(`posts/${idRef.current}`, post);
          }
          setStatus((current) => (current === 'saving' ? 'saved' : current));
          setError(null);
          lastError.current = null;
          void client.invalidateQueries({ queryKey: [...DRAFTS_KEY, 'list'] });
          return true;
        } catch (failure) {
          setStatus('failed');
          setError(failure);
          lastError.current = failure;
          return false;
        }
      });
      return chain.current;
    },
    [api, client, me],
  );

  const runWaiting = useCallback((): Promise<boolean> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const post = waiting.current;
    waiting.current = null;
    return post ? save(post) : chain.current;
  }, [save]);

  const schedule = useCallback(
    (post: PostInput) => {
      if (closed.current) return;
      waiting.current = post;
      setStatus('pending');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void runWaiting(), AUTOSAVE_DEBOUNCE_MS);
    },
    [runWaiting],
  );

  const flush = useCallback(
    async (latest?: PostInput) => {
      if (!waiting.current && lastError.current !== null && latest) waiting.current = latest;
      const ok = await runWaiting();
      return { id: idRef.current, ok, error: lastError.current };
    },
    [runWaiting],
  );

  const close = useCallback(async () => {
    await runWaiting();
    closed.current = true;
  }, [runWaiting]);

  const reopen = useCallback(() => {
    closed.current = false;
  }, []);

  const discard = useCallback(async () => {
    closed.current = true;
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    waiting.current = null;
    await chain.current;
    if (idRef.current !== null) await api.delete(`posts/${idRef.current}`);
    idRef.current = null;
    setStatus('idle');
    void client.invalidateQueries({ queryKey: [...DRAFTS_KEY, 'list'] });
  }, [api, client]);

  // Leaving the screen within 500 ms of an edit still keeps that edit.
  useEffect(() => () => void runWaiting(), [runWaiting]);

  return { status, error, schedule, flush, close, reopen, discard };
}
