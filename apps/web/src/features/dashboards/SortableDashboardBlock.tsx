import { useTranslation } from 'react-i18next';
import { ActionIcon } from '@mantine/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconGripVertical, IconTrash } from '@tabler/icons-react';
import type { NodeOption } from '../nodes';
import { BlockOptionsFields } from './BlockOptionsFields';
import type { DraftBlock } from './dashboardModel';
import { blockNameOf } from './dashboardText';
import classes from './dashboards.module.css';

export interface SortableDashboardBlockProps {
  block: DraftBlock;
  nodes: NodeOption[];
  showProblems: boolean;
  onChange: (block: DraftBlock) => void;
  onRemove: () => void;
}

/** One block of the dashboard editor, dragged by its handle with a pointer, a finger or the keyboard (dnd-kit), as compose's blocks are. */
export function SortableDashboardBlock({ block, nodes, showProblems, onChange, onRemove }: SortableDashboardBlockProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: block.key,
    attributes: { roleDescription: t('dashboardScreens.admin.sortable') },
  });
  const name = blockNameOf(t, { kind: block.kind, title: block.title });
  return (
    <li ref={setNodeRef} className={classes.blockItem} data-dragging={isDragging || undefined} style={{ transform: CSS.Translate.toString(transform), transition }}>
      <div className={classes.blockHead}>
        <ActionIcon ref={setActivatorNodeRef} variant="subtle" color="gray" size="lg" className={classes.dragHandle} {...attributes} {...listeners} aria-label={t('dashboardScreens.admin.move', { name })}>
          <IconGripVertical size={18} aria-hidden="true" />
        </ActionIcon>
        <h3 className={classes.cardTitle}>{t(`dashboardScreens.kinds.${block.kind}`)}</h3>
        <ActionIcon variant="subtle" color="red" size="lg" onClick={onRemove} aria-label={t('dashboardScreens.admin.remove', { name })}>
          <IconTrash size={18} aria-hidden="true" />
        </ActionIcon>
      </div>
      <BlockOptionsFields block={block} nodes={nodes} showProblems={showProblems} onChange={onChange} />
    </li>
  );
}
