import { useCallback, useRef, useState } from 'react';
import type { PostInput } from '@patio/core/schemas/posts';

/**
 * The post being written, with an updater that sees the latest value (several edits may land before
 * React renders) and tells the caller about each real change, e.g. to autosave it.
 */
export function useComposeForm(initial: PostInput, onEdit: (post: PostInput) => void) {
  const [post, setPost] = useState(initial);
  const latest = useRef(initial);
  const update = useCallback(
    (change: (current: PostInput) => PostInput) => {
      const next = change(latest.current);
      if (JSON.stringify(next) === JSON.stringify(latest.current)) return;
      latest.current = next;
      setPost(next);
      onEdit(next);
    },
    [onEdit],
  );
  const read = useCallback(() => latest.current, []);
  return { post, update, read };
}
