import { blockKindOf } from './registry';
import type { Block } from './types';

const refuse = () => Promise.reject(new Error('A block shown to its readers is not edited'));
const ignore = () => undefined;

export interface ReadOnlyBlockProps {
  block: Block;
  postId: number;
}

/** A block as its readers see it (post cards): its type's view in read mode; unknown types show nothing. */
export function BlockView({ block, postId }: ReadOnlyBlockProps) {
  const kind = blockKindOf(block.type);
  if (!kind) return null;
  return <kind.View block={block} postId={postId} mode="read" onChange={refuse} onRemove={ignore} />;
}
