import { useCallback, useEffect, useRef, useState } from 'react';
import type { BlockUpdate } from '@patio/core/schemas/blocks';
import { useServices } from '../app/services';
import { createBlockUrl, needsCreatedUrl } from './blockUrl';
import type { Block } from './types';

// One creation per block, whoever asks: a block shown twice (React's strict mode, two lists of the
// same post) must not create two forms. A url already created is kept, so a retry after a failed
// PUT saves that one instead of creating another.
const running = new Map<string, Promise<void>>();
const created = new Map<string, string>();

export interface BlockLifecycle {
  /** True while the block still waits for its url. */
  isPreparing: boolean;
  error: unknown;
  retry: () => void;
}

/**
 * Spec §4 Block lifecycle, where the author edits: a files, form or html block without a url gets
 * one (a new folder name, POST data/entities, POST media/html), saved with PUT on the block.
 */
export function useBlockLifecycle(block: Block, postId: number, onChange: (update: BlockUpdate) => Promise<void>, enabled: boolean): BlockLifecycle {
  const { api } = useServices();
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const needsUrl = enabled && needsCreatedUrl(block);

  useEffect(() => {
    if (!needsUrl) return undefined;
    const key = `${postId}:${block.id}`;
    let job = running.get(key);
    if (!job) {
      job = (async () => {
        const url = created.get(key) ?? (await createBlockUrl(api, block.type, postId));
        created.set(key, url);
        await onChangeRef.current({ url });
        created.delete(key);
      })().finally(() => running.delete(key));
      running.set(key, job);
    }
    let isCurrent = true;
    job.catch((failure: unknown) => {
      if (isCurrent) setError(failure);
    });
    return () => {
      isCurrent = false;
    };
  }, [needsUrl, api, block.id, block.type, postId, attempt]);

  const retry = useCallback(() => {
    setError(null);
    setAttempt((n) => n + 1);
  }, []);

  return { isPreparing: needsUrl && error === null, error: needsUrl ? error : null, retry };
}
