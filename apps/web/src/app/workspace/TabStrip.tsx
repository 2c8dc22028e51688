import { useRef, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { horizontalListSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconX } from '@tabler/icons-react';
import { TabIcon, useTabLabel } from './useTabLabel';
import type { WorkspaceTab, WorkspaceTabId } from './workspaceTabs';
import classes from './workspace.module.css';

export interface TabListProps {
  tabs: readonly WorkspaceTab[];
  currentId: WorkspaceTabId | null;
  onClose(id: WorkspaceTabId): void;
}

interface StripProps extends TabListProps {
  onMove(id: WorkspaceTabId, overId: WorkspaceTabId): void;
}

// Enter follows the link, as on any link; space picks the tab up to move it with the arrows.
const KEYBOARD_CODES = { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] };

interface SortableTabProps {
  tab: WorkspaceTab;
  label: string;
  isCurrent: boolean;
  onClose(id: WorkspaceTabId): void;
  onLinkClick(event: MouseEvent): void;
}

function SortableTab({ tab, label, isCurrent, onClose, onLinkClick }: SortableTabProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: tab.id });
  return (
    <li ref={setNodeRef} className={classes.stripItem} data-current={isCurrent || undefined} data-dragging={isDragging || undefined} style={{ transform: CSS.Translate.toString(transform), transition }}>
      {/* A link stays a link for assistive technology: only the move instructions are added to it. */}
      <Link
        ref={setActivatorNodeRef}
        to={tab.path}
        className={classes.stripLink}
        aria-current={isCurrent ? 'page' : undefined}
        aria-describedby={attributes['aria-describedby']}
        onClick={onLinkClick}
        {...listeners}
      >
        <TabIcon tab={tab} size={16} />
        <span className={classes.stripLabel}>{label}</span>
      </Link>
      <button type="button" className={classes.close} aria-label={t('workspace.close', { name: label })} onClick={() => onClose(tab.id)}>
        <IconX size={14} aria-hidden="true" />
      </button>
    </li>
  );
}

/**
 * Desktop: the open tabs as a navigation of links above the screen. Links, not ARIA tabs: each opens
 * an address of its own (it can be bookmarked, opened in a new window, and Back returns to it), while
 * role="tab" promises a panel switched in place and arrow-key focus that links do not have.
 */
export function TabStrip({ tabs, currentId, onClose, onMove }: StripProps) {
  const { t } = useTranslation();
  const labelOf = useTabLabel();
  const draggedRecently = useRef(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates, keyboardCodes: KEYBOARD_CODES }),
  );
  const ids = tabs.map((tab) => tab.id);
  const nameOf = (id: UniqueIdentifier) => labelOf(tabs.find((tab) => tab.id === id) ?? { id: String(id), path: '', title: null });
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const count = tabs.length;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('workspace.dnd.picked', { name: nameOf(active.id), position: positionOf(active.id), count }),
    onDragOver: ({ active, over }) => (over ? t('workspace.dnd.over', { name: nameOf(active.id), position: positionOf(over.id), count }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('workspace.dnd.dropped', { name: nameOf(active.id), position: positionOf(over.id), count }) : undefined),
    onDragCancel: ({ active }) => t('workspace.dnd.cancelled', { name: nameOf(active.id) }),
  };

  function handleDragEnd({ active, over }: DragEndEvent): void {
    if (over && active.id !== over.id) onMove(String(active.id), String(over.id));
    // The pointer's release also clicks the link it was dragging: that click must not open the tab.
    setTimeout(() => {
      draggedRecently.current = false;
    }, 0);
  }

  function handleLinkClick(event: MouseEvent): void {
    if (draggedRecently.current) event.preventDefault();
  }

  return (
    <nav className={classes.strip} aria-label={t('workspace.tabs')}>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragStart={() => {
          draggedRecently.current = true;
        }}
        onDragEnd={handleDragEnd}
        onDragCancel={() => {
          draggedRecently.current = false;
        }}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('workspace.dnd.instructions') } }}
      >
        <SortableContext items={ids} strategy={horizontalListSortingStrategy}>
          <ul className={classes.stripList}>
            {tabs.map((tab) => (
              <SortableTab key={tab.id} tab={tab} label={labelOf(tab)} isCurrent={tab.id === currentId} onClose={onClose} onLinkClick={handleLinkClick} />
            ))}
          </ul>
        </SortableContext>
      </DndContext>
    </nav>
  );
}
