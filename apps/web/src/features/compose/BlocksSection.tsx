import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader, Text } from '@mantine/core';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { BLOCKS_PER_POST_MAX, type BlockType } from '@patio/core/schemas/blocks';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';
import { blockKindOf } from '../../blocks/registry';
import { useBlocks } from '../../blocks/useBlocks';
import { Notice } from '../../ui/Notice';
import { AddBlockMenu } from './AddBlockMenu';
import { blockAnnouncements, blockInstructions } from './blockAnnouncements';
import { SortableBlock } from './SortableBlock';
import classes from './compose.module.css';

export interface BlocksSectionProps {
  /** The draft's id, null until its first save. */
  postId: number | null;
  /** Saves the draft now if it was never saved, and answers its id: a block needs its post to exist. */
  ensurePost: () => Promise<number>;
}

/** The post's content blocks while composing (issue 10 §1): add by type, reorder by dragging or keyboard, edit, remove. */
export function BlocksSection({ postId, ensurePost }: BlocksSectionProps) {
  const { t } = useTranslation();
  const { blocks, query, actions } = useBlocks(postId);
  const [isAdding, setAdding] = useState(false);
  const [added, setAdded] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => blocks.map((b) => b.id), [blocks]);
  const announcements = useMemo(() => {
    const nameOf = (id: UniqueIdentifier) => t(blockKindOf(blocks.find((b) => b.id === id)?.type ?? '')?.label ?? 'blocks.frame.block');
    const positionOf = (id: UniqueIdentifier) => ids.indexOf(Number(id)) + 1;
    return blockAnnouncements(t, nameOf, positionOf, ids.length);
  }, [t, blocks, ids]);

  const fail = (error: unknown) => setProblem(error instanceof ApiError && error.code === 'too_many_blocks' ? t('blocks.frame.tooMany') : describeError(t, error));

  const handleAdd = async (type: BlockType) => {
    setAdding(true);
    setProblem(null);
    try {
      const target = await ensurePost();
      const block = await actions.add({ type }, target);
      setAdded(block.id);
    } catch (error) {
      fail(error);
    } finally {
      setAdding(false);
    }
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setProblem(null);
    actions.move(Number(active.id), ids.indexOf(Number(over.id))).catch(fail);
  };

  return (
    <div className={classes.blocks}>
      {postId !== null && query.isError && <Notice tone="error">{t('blocks.frame.loadFailed')}</Notice>}
      {postId !== null && query.isPending && <Loader role="status" size="xs" aria-label={t('common.loading')} />}
      {blocks.length === 0 && !query.isError && !(postId !== null && query.isPending) && (
        <Text size="sm" c="dimmed">
          {t('blocks.frame.empty')}
        </Text>
      )}
      {postId !== null && blocks.length > 0 && (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleDragEnd} accessibility={{ announcements, screenReaderInstructions: blockInstructions(t) }}>
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ol className={classes.blockList} aria-label={t('blocks.frame.list')}>
              {blocks.map((block) => (
                <SortableBlock
                  key={block.id}
                  block={block}
                  postId={postId}
                  isNew={block.id === added}
                  onChange={async (update) => {
                    await actions.update(block.id, update);
                  }}
                  onRemove={() => actions.remove(block.id)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {problem && <Notice tone="error">{problem}</Notice>}
      <div>
        <AddBlockMenu onAdd={(type) => void handleAdd(type)} busy={isAdding} disabled={blocks.length >= BLOCKS_PER_POST_MAX} />
      </div>
    </div>
  );
}
