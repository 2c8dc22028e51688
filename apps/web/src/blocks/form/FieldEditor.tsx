import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon, NativeSelect, Text, Textarea, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { FORM_FIELD_TYPES, type FormField } from '@patio/core/schemas/blocks';
import { selectChoices } from '@patio/core/blocks/formRecord';
import type { FieldChange } from './formModel';
import classes from './form.module.css';

export interface FieldEditorProps {
  field: FormField;
  /** 1-based position, as the question is named ("Question 2"). */
  number: number;
  count: number;
  autoFocus: boolean;
  onChange: (change: FieldChange) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/**
 * One question of the form editor: title, help text, type and, for a list, its choices. It moves by
 * its handle (pointer, touch or keyboard through dnd-kit) or by the up/down buttons, which need no
 * dragging at all (WCAG 2.5.7).
 */
export function FieldEditor({ field, number, count, autoFocus, onChange, onMove, onRemove }: FieldEditorProps) {
  const { t } = useTranslation();
  const nameId = useId();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: field.name,
    attributes: { roleDescription: t('blocks.form.editor.sortable') },
  });
  const style = { transform: CSS.Translate.toString(transform), transition };
  const noChoices = field.type === 'select' && selectChoices(field).length === 0;

  return (
    <li ref={setNodeRef} style={style} className={isDragging ? classes.fieldDragging : undefined}>
      <div className={classes.field} role="group" aria-labelledby={nameId}>
        <div className={classes.fieldHeader}>
          <ActionIcon ref={setActivatorNodeRef} variant="subtle" color="gray" size="lg" className={classes.handle} {...attributes} {...listeners} aria-label={t('blocks.form.editor.drag', { number })}>
            <IconGripVertical size={20} aria-hidden="true" />
          </ActionIcon>
          <span id={nameId} className={classes.fieldName}>
            {t('blocks.form.editor.field', { number })}
          </span>
          <ActionIcon variant="subtle" size="lg" disabled={number === 1} onClick={() => onMove(number - 2)} aria-label={t('blocks.form.editor.moveUp', { number })}>
            <IconArrowUp size={18} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon variant="subtle" size="lg" disabled={number === count} onClick={() => onMove(number)} aria-label={t('blocks.form.editor.moveDown', { number })}>
            <IconArrowDown size={18} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon variant="subtle" color="red" size="lg" onClick={onRemove} aria-label={t('blocks.form.editor.remove', { number })}>
            <IconTrash size={18} aria-hidden="true" />
          </ActionIcon>
        </div>
        <TextInput
          label={t('blocks.form.editor.fieldTitle')}
          value={field.title}
          maxLength={500}
          autoFocus={autoFocus}
          onChange={(event) => onChange({ title: event.currentTarget.value })}
        />
        <Textarea
          label={t('blocks.form.editor.fieldDescription')}
          value={field.description}
          maxLength={2000}
          autosize
          minRows={1}
          maxRows={6}
          onChange={(event) => onChange({ description: event.currentTarget.value })}
        />
        <NativeSelect
          label={t('blocks.form.editor.fieldType')}
          value={field.type}
          data={FORM_FIELD_TYPES.map((type) => ({ value: type, label: t(`blocks.form.types.${type}`) }))}
          onChange={(event) => onChange({ type: event.currentTarget.value as FormField['type'] })}
        />
        {field.type === 'select' && (
          <Textarea
            label={t('blocks.form.editor.options')}
            description={t('blocks.form.editor.optionsHint')}
            value={field.options}
            maxLength={10000}
            autosize
            minRows={3}
            maxRows={12}
            error={noChoices ? t('blocks.form.editor.optionsEmpty') : undefined}
            onChange={(event) => onChange({ options: event.currentTarget.value })}
          />
        )}
        {field.type === 'checkbox' && (
          <Text size="sm" c="dimmed">
            {t('blocks.form.editor.checkboxHint')}
          </Text>
        )}
      </div>
    </li>
  );
}
