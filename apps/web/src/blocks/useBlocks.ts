import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockInput, BlockUpdate } from '@patio/core/schemas/blocks';
import { isRefusal } from '../app/api/ApiError';
import { useServices } from '../app/services';
import type { Block } from './types';

/** Query key of a post's blocks (contract: ['blocks', postId]). */
export const blocksKey = (postId: number | null) => ['blocks', postId] as const;

/** `list` with the block at `from` moved to `to`, the others shifted (the server's rule for PUT position). */
export function moveBlock(list: readonly Block[], from: number, to: number): Block[] {
  const next = list.slice();
  const [moved] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

export interface BlocksApi {
  /** Appends a block; `target` names the post when it was created after this hook rendered (a new draft). */
  add(input: BlockInput, target?: number | null): Promise<Block>;
  update(blockId: number, update: BlockUpdate): Promise<Block>;
  /** Moves a block to a 0-based index at once on screen; the list is reloaded if the server refuses. */
  move(blockId: number, to: number): Promise<void>;
  remove(blockId: number): Promise<void>;
}

/**
 * A post's ordered blocks (GET posts/{id}/blocks) and their changes (POST, PUT, DELETE), each
 * applied to the cached list as soon as the server answers, so the list never waits for a refetch.
 */
export function useBlocks(postId: number | null) {
  const { api } = useServices();
  const client = useQueryClient();
  const key = useMemo(() => blocksKey(postId), [postId]);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<Block[]>(`posts/${postId}/blocks`, { signal }),
    enabled: postId !== null,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });

  const setList = useCallback((change: (list: Block[]) => Block[]) => client.setQueryData<Block[]>(key, (list) => change(list ?? [])), [client, key]);

  const add = useCallback(
    async (input: BlockInput, target: number | null = postId) => {
      const block = await api.post<Block>(`posts/${target}/blocks`, input);
      client.setQueryData<Block[]>(blocksKey(target), (list = []) => [...list.filter((b) => b.id !== block.id), block]);
      return block;
    },
    [api, client, postId],
  );

  const update = useCallback(
    async (blockId: number, change: BlockUpdate) => {
      const block = await api.put<Block>(`posts/${postId}/blocks/${blockId}`, change);
      setList((list) => list.map((b) => (b.id === block.id ? block : b)));
      return block;
    },
    [api, postId, setList],
  );

  const move = useCallback(
    async (blockId: number, to: number) => {
      const before = client.getQueryData<Block[]>(key) ?? [];
      const from = before.findIndex((b) => b.id === blockId);
      if (from < 0 || from === to) return;
      setList((list) => moveBlock(list, from, to));
      try {
        await api.put<Block>(`posts/${postId}/blocks/${blockId}`, { position: to });
      } catch (error) {
        await client.invalidateQueries({ queryKey: key });
        throw error;
      }
    },
    [api, client, key, postId, setList],
  );

  const remove = useCallback(
    async (blockId: number) => {
      await api.delete(`posts/${postId}/blocks/${blockId}`);
      setList((list) => list.filter((b) => b.id !== blockId));
    },
    [api, postId, setList],
  );

  const actions = useMemo<BlocksApi>(() => ({ add, update, move, remove }), [add, update, move, remove]);
  return { query, blocks: query.data ?? [], actions };
}
