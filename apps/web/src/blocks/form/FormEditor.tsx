import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Text, Textarea, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { FORM_MAX_FIELDS, type FormEntity, type FormField, type FormInput } from '@patio/core/schemas/blocks';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FieldList } from './FieldList';
import { ConfirmRemoveField } from './ConfirmRemoveField';
import { FormLoadProblem } from './FormLoadProblem';
import { useFormEntity } from './formQueries';
import { formInputOf, highestFieldNumber, moveField, newField, removeField, restoreFields, updateField, type FieldChange } from './formModel';
import { SaveState } from './SaveState';
import { useFormAutosave } from './useFormAutosave';
import classes from './form.module.css';

/** The form block while its post is composed: loads the form, then edits it. */
export function FormEditor({ formId }: { formId: number }) {
  const entity = useFormEntity(formId);
  if (!entity.data) return <FormLoadProblem error={entity.error} onRetry={() => void entity.refetch()} />;
  return <FormEditorForm key={formId} formId={formId} entity={entity.data} />;
}

/**
 * Spec §5 Form editor: title, description and questions; a new question is text with order = count + 1,
 * removing one asks first, moving renumbers from 1; the whole form is saved 500 ms after the last edit.
 * What the author types is kept here, never overwritten by a refetch while they edit.
 */
function FormEditorForm({ formId, entity }: { formId: number; entity: FormEntity }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<FormInput>(() => formInputOf(entity));
  const current = useRef(form);
  const highestSeen = useRef(highestFieldNumber(entity.fields));
  const [focusName, setFocusName] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ field: FormField; number: number } | null>(null);
  const autosave = useFormAutosave(formId);

  function change(edit: (form: FormInput) => FormInput) {
    const next = edit(current.current);
    current.current = next;
    highestSeen.current = Math.max(highestSeen.current, highestFieldNumber(next.fields));
    setForm(next);
    autosave.schedule(next);
  }

  function handleAdd() {
    const field = newField(current.current.fields, highestSeen.current);
    setFocusName(field.name);
    change((f) => ({ ...f, fields: [...f.fields, field] }));
  }

  function handleConfirmRemove() {
    if (!removing) return;
    const { name } = removing.field;
    setRemoving(null);
    change((f) => ({ ...f, fields: removeField(f.fields, name) }));
  }

  /** The server refused to remove questions people answered: put them back unless the author confirms. */
  function handleKeepAnswered() {
    const answered = autosave.answeredRemovals ?? [];
    autosave.dismissRemoval();
    change((f) => ({ ...f, fields: restoreFields(f.fields, answered) }));
  }

  const answered = autosave.answeredRemovals;
  const answeredTitles = (answered ?? []).map((f) => t('blocks.form.answeredRemove.quoted', { title: f.title.trim() || t('blocks.form.editor.field', { number: f.order }) })).join(', ');
  const isFull = form.fields.length >= FORM_MAX_FIELDS;
  return (
    <section className={classes.block} aria-label={t('blocks.form.editor.label')}>
      <TextInput label={t('blocks.form.editor.title')} value={form.title} maxLength={500} onChange={(e) => change((f) => ({ ...f, title: e.currentTarget.value }))} />
      <Textarea
        label={t('blocks.form.editor.description')}
        value={form.description}
        maxLength={5000}
        autosize
        minRows={2}
        maxRows={10}
        onChange={(e) => change((f) => ({ ...f, description: e.currentTarget.value }))}
      />
      {form.fields.length === 0 ? (
        <Text c="dimmed">{t('blocks.form.editor.empty')}</Text>
      ) : (
        <FieldList
          fields={form.fields}
          focusName={focusName}
          onChange={(name, fieldChange: FieldChange) => change((f) => ({ ...f, fields: updateField(f.fields, name, fieldChange) }))}
          onMove={(from, to) => change((f) => ({ ...f, fields: moveField(f.fields, from, to) }))}
          onRemove={(field) => setRemoving({ field, number: form.fields.indexOf(field) + 1 })}
        />
      )}
      <div className={classes.actions}>
        <Button variant="light" leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={handleAdd} disabled={isFull}>
          {t('blocks.form.editor.add')}
        </Button>
        <SaveState status={autosave.status} onRetry={() => autosave.retry(current.current)} />
      </div>
      <ConfirmRemoveField target={removing} onConfirm={handleConfirmRemove} onCancel={() => setRemoving(null)} />
      <ConfirmDialog
        opened={answered !== null}
        title={t('blocks.form.answeredRemove.title', { count: answered?.length ?? 0 })}
        message={t('blocks.form.answeredRemove.body', { count: answered?.length ?? 0, titles: answeredTitles })}
        confirmLabel={t('blocks.form.answeredRemove.confirm')}
        cancelLabel={t('blocks.form.answeredRemove.keep', { count: answered?.length ?? 0 })}
        closeLabel={t('common.close')}
        onConfirm={() => autosave.confirmRemoval(current.current)}
        onCancel={handleKeepAnswered}
      />
    </section>
  );
}
