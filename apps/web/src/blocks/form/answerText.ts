import type { TFunction } from 'i18next';
import type { FormField } from '@patio/core/schemas/blocks';

/** A question's name as the reader sees it: its title, else "Question n". */
export function fieldLabel(t: TFunction, field: Pick<FormField, 'title'>, number: number): string {
  return field.title.trim() || t('blocks.form.editor.field', { number });
}

/** An answer as text (spec §3: a checkbox is checked when the value is 1); null when there is none. */
export function answerText(t: TFunction, field: Pick<FormField, 'type'>, value: string | number | undefined): string | null {
  if (value === undefined || value === null) return null;
  // A question made a checkbox after people answered it shows their earlier answers as they gave them.
  if (field.type === 'checkbox' && [0, 1, '0', '1'].includes(value)) return Number(value) === 1 ? t('blocks.form.checked') : t('blocks.form.unchecked');
  const text = String(value);
  return text.trim() === '' ? null : text;
}
