import { useTranslation } from 'react-i18next';
import { ActionIcon } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconGripVertical } from '@tabler/icons-react';
import type { BlockUpdate } from '@patio/core/schemas/blocks';
import { BlockFrame } from '../../blocks/BlockFrame';
import { blockKindOf } from '../../blocks/registry';
import type { Block } from '../../blocks/types';
import classes from './compose.module.css';

export interface SortableBlockProps {
  block: Block;
  postId: number;
  isNew: boolean;
  onChange: (update: BlockUpdate) => Promise<void>;
  onRemove: () => Promise<void>;
}

/** One block of the compose list, dragged by its handle with a pointer, a finger or the keyboard (dnd-kit). */
export function SortableBlock({ block, postId, isNew, onChange, onRemove }: SortableBlockProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: block.id,
    attributes: { roleDescription: t('blocks.frame.sortable') },
  });
  const name = t(blockKindOf(block.type)?.label ?? 'blocks.frame.block');
  const handle = (
    <ActionIcon ref={setActivatorNodeRef} variant="subtle" color="gray" size="lg" className={classes.dragHandle} {...attributes} {...listeners} aria-label={t('blocks.frame.move', { name })}>
      <IconGripVertical size={18} aria-hidden="true" />
    </ActionIcon>
  );
  return (
    <li ref={setNodeRef} className={classes.blockItem} data-dragging={isDragging || undefined} style={{ transform: CSS.Translate.toString(transform), transition }}>
      <BlockFrame block={block} postId={postId} onChange={onChange} onRemove={onRemove} initialMode={isNew ? 'edit' : 'read'} dragHandle={handle} />
    </li>
  );
}
