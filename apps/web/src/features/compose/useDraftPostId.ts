import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PostInput } from '@patio/core/schemas/posts';
import type { Block } from '../../blocks/types';
import { blocksKey } from '../../blocks/useBlocks';
import type { DraftAutosave } from './useDraftAutosave';

/**
 * The draft's id as the compose screen learns it (null until the first save creates it): its blocks
 * hang from it. A draft just created has no blocks, so its list starts empty without asking.
 */
export function useDraftPostId(draftId: number | null, onDraftCreated: (id: number) => void) {
  const queryClient = useQueryClient();
  const [postId, setPostId] = useState(draftId);
  const handleCreated = useCallback(
    (id: number) => {
      queryClient.setQueryData<Block[]>(blocksKey(id), (list) => list ?? []);
      setPostId(id);
      onDraftCreated(id);
    },
    [onDraftCreated, queryClient],
  );
  return { postId, handleCreated };
}

/** Answers the draft's id, saving it now if it was never saved (whatever the autosave timer says): a block needs its post. */
export function useEnsurePost(postId: number | null, autosave: DraftAutosave, read: () => PostInput) {
  return useCallback(async () => {
    if (postId !== null) return postId;
    autosave.schedule(read());
    const saved = await autosave.flush();
    if (!saved.ok || saved.id === null) throw saved.error ?? new Error('The draft could not be saved');
    return saved.id;
  }, [postId, autosave, read]);
}
