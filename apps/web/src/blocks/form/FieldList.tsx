import { useTranslation } from 'react-i18next';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { FormField } from '@patio/core/schemas/blocks';
import { FieldEditor } from './FieldEditor';
import type { FieldChange } from './formModel';
import classes from './form.module.css';

export interface FieldListProps {
  fields: FormField[];
  /** The question just added: its title takes the focus. */
  focusName: string | null;
  onChange: (name: string, change: FieldChange) => void;
  onMove: (from: number, to: number) => void;
  onRemove: (field: FormField) => void;
}

/** The editor's questions in order, reordered by drag and drop (spec §5: renumbered from 1 after a move). */
export function FieldList({ fields, focusName, onChange, onMove, onRemove }: FieldListProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a tap on the handle stays a tap.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const names = fields.map((f) => f.name);
  const numberOf = (id: UniqueIdentifier) => names.indexOf(String(id)) + 1;

  // What screen readers hear while a question is dragged, in the interface language.
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('blocks.form.dnd.picked', { number: numberOf(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('blocks.form.dnd.over', { number: numberOf(active.id), position: numberOf(over.id) }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('blocks.form.dnd.dropped', { number: numberOf(active.id), position: numberOf(over.id) }) : t('blocks.form.dnd.cancelled')),
    onDragCancel: () => t('blocks.form.dnd.cancelled'),
  };
  const accessibility = { announcements, screenReaderInstructions: { draggable: t('blocks.form.dnd.instructions') } };

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    onMove(names.indexOf(String(active.id)), names.indexOf(String(over.id)));
  }

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleDragEnd} accessibility={accessibility}>
      <SortableContext items={names} strategy={verticalListSortingStrategy}>
        <ol className={classes.list} aria-label={t('blocks.form.editor.fields')}>
          {fields.map((field, index) => (
            <FieldEditor
              key={field.name}
              field={field}
              number={index + 1}
              count={fields.length}
              autoFocus={field.name === focusName}
              onChange={(change) => onChange(field.name, change)}
              onMove={(to) => onMove(index, to)}
              onRemove={() => onRemove(field)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
