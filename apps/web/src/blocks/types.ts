import type { z } from 'zod';
import type { BlockUpdate, ZBlock } from '@patio/core';

// What every block view receives (DESIGN: one folder per block type under src/blocks). A view shows
// its block in read mode in post cards, and in edit mode while its post is composed.

export type Block = z.infer<typeof ZBlock>;

export type BlockMode = 'read' | 'edit';

export interface BlockViewProps {
  block: Block;
  /** The post the block belongs to (its files folder and its audience hang from it). */
  postId: number;
  mode: BlockMode;
  /** Saves a change of the block (PUT posts/{postId}/blocks/{id}); the list refetches after it. */
  onChange: (update: BlockUpdate) => Promise<void>;
  /** Removes the block (DELETE posts/{postId}/blocks/{id}) without asking: the frame already asked. */
  onRemove: () => void;
  /**
   * Leaves edit mode from inside the view (its own Accept or Cancel, spec §4 video and drive edit).
   * Absent where the view is shown read-only.
   */
  onClose?: () => void;
}
