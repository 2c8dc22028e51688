import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, Button, Group, Loader, Text } from '@mantine/core';
import { IconCheck, IconPencil, IconTrash } from '@tabler/icons-react';
import type { BlockUpdate } from '@patio/core/schemas/blocks';
import { describeError } from '../app/api/describeError';
import { Notice } from '../ui/Notice';
import { PendingEdits, PendingEditsContext, usePendingEdit } from './pendingEdits';
import { blockKindOf } from './registry';
import type { Block } from './types';
import { useBlockLifecycle } from './useBlockLifecycle';
import classes from './blocks.module.css';
import './blockStyles';

export type FrameMode = 'read' | 'edit' | 'delete';

export interface BlockFrameProps {
  block: Block;
  postId: number;
  onChange: (update: BlockUpdate) => Promise<void>;
  /** Deletes the block on the server (the frame asks first; a view's own Cancel does not). */
  onRemove: () => Promise<void>;
  /** A block just added opens in edit mode. */
  initialMode?: 'read' | 'edit';
  /** The drag handle of a sortable list, shown first in the header. */
  dragHandle?: ReactNode;
}

/**
 * A block as its author sees it while composing (spec §2 block view modes): read, edit, and delete,
 * which asks "Delete" or "Cancel" before anything is removed. A block without its url gets one first
 * (spec §4 lifecycle), so views always receive a block that points somewhere.
 */
export function BlockFrame({ block, postId, onChange, onRemove, initialMode = 'read', dragHandle }: BlockFrameProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<FrameMode>(initialMode);
  const [isRemoving, setRemoving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const lifecycle = useBlockLifecycle(block, postId, onChange, true);
  const kind = blockKindOf(block.type);
  // What the open editor holds and has not accepted: "Done" settles it as publishing does (issue 33
  // item 2), so closing the editor never drops a typed address; publishing settles it through the screen's registry.
  const [frameEdits] = useState(() => new PendingEdits());
  usePendingEdit(mode === 'edit' ? { settle: async () => (await frameEdits.settleAll()) ?? { ok: true } } : null);
  const finishEditing = async () => {
    const unsettled = await frameEdits.settleAll();
    if (unsettled) unsettled.focus();
    else setMode('read');
  };

  useEffect(() => {
    // Delete mode takes the focus to its safe answer, as a dialog would.
    if (mode === 'delete') cancelRef.current?.focus();
  }, [mode]);

  if (!kind) return null;
  const name = t(kind.label);
  const KindIcon = kind.icon;

  const remove = async () => {
    setRemoving(true);
    setProblem(null);
    try {
      await onRemove();
    } catch (error) {
      setProblem(describeError(t, error));
      setRemoving(false);
      setMode('read');
    }
  };

  let body: ReactNode;
  if (lifecycle.error !== null) {
    body = (
      <Notice tone="error">
        <Group justify="space-between" gap="xs">
          <span>{t('blocks.frame.createFailed')}</span>
          <Button size="xs" variant="default" onClick={lifecycle.retry}>
            {t('common.retry')}
          </Button>
        </Group>
      </Notice>
    );
  } else if (lifecycle.isPreparing) {
    body = (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden="true" />
        <Text size="sm">{t('blocks.frame.preparing')}</Text>
      </Group>
    );
  } else if (block.url === null && mode !== 'edit') {
    body = (
      <Text size="sm" c="dimmed">
        {t('blocks.frame.noContent')}
      </Text>
    );
  } else {
    body = (
      <kind.View
        block={block}
        postId={postId}
        mode={mode === 'edit' ? 'edit' : 'read'}
        onChange={onChange}
        onRemove={() => void remove()}
        onClose={() => setMode('read')}
      />
    );
  }

  return (
    <section className={classes.frame} aria-labelledby={titleId} data-mode={mode}>
      <header className={classes.frameHeader}>
        {dragHandle}
        <KindIcon size={20} aria-hidden="true" className={classes.frameIcon} />
        <h3 id={titleId} className={classes.frameTitle}>
          {name}
        </h3>
        {mode === 'edit' ? (
          <Button size="xs" variant="light" leftSection={<IconCheck size={16} aria-hidden="true" />} onClick={() => void finishEditing()} aria-label={`${t('blocks.frame.doneShort')}: ${t('blocks.frame.done', { name })}`}>
            {t('blocks.frame.doneShort')}
          </Button>
        ) : (
          <ActionIcon variant="subtle" size="lg" onClick={() => setMode('edit')} aria-label={t('blocks.frame.edit', { name })} disabled={mode === 'delete'}>
            <IconPencil size={18} aria-hidden="true" />
          </ActionIcon>
        )}
        <ActionIcon variant="subtle" color="red" size="lg" onClick={() => setMode('delete')} aria-label={t('blocks.frame.delete', { name })} disabled={mode === 'delete'}>
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      </header>
      {mode === 'delete' && (
        <div className={classes.confirm} role="group" aria-label={t('blocks.frame.confirmDelete', { name })}>
          <Text size="sm" fw={600}>
            {t('blocks.frame.confirmDelete', { name })}
          </Text>
          <Group gap="xs" justify="flex-end">
            <Button ref={cancelRef} size="xs" variant="default" onClick={() => setMode('read')} disabled={isRemoving}>
              {t('common.cancel')}
            </Button>
            <Button size="xs" color="red" onClick={() => void remove()} loading={isRemoving}>
              {t('blocks.frame.confirm')}
            </Button>
          </Group>
        </div>
      )}
      {problem && <Notice tone="error">{problem}</Notice>}
      <PendingEditsContext.Provider value={frameEdits}>
        <div className={classes.frameBody}>{body}</div>
      </PendingEditsContext.Provider>
    </section>
  );
}
