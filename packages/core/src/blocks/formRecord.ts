import type { FormField, FormRecordInput } from '../schemas/blocks';
import { FORM_TEXT_MAX, FORM_TEXTAREA_MAX } from '../schemas/blocks';

// One rule for a form reply, used by the server when it stores a record and by the form block
// before it sends (spec §5 Form reply).

/** A select's choices: its options, one per line, blank lines left out. */
export function selectChoices(field: Pick<FormField, 'options'>): string[] {
  return field.options.split('\n').map((o) => o.trim()).filter((o) => o.length > 0);
}

export type RecordProblem =
  | { code: 'unknown_field'; field: string }
  | { code: 'invalid_choice'; field: string }
  | { code: 'invalid_value'; field: string }
  | { code: 'too_long'; field: string };

export type StoredValues = Record<string, string | number>;

/**
 * The values to store for `input` (checkboxes as 1/0, text trimmed at the ends, missing or null fields
 * left out), or the first problem: a field the form does not have, a choice that is not one of the
 * select's options, a value of the wrong kind, a text too long.
 */
export function normalizeRecord(fields: readonly FormField[], input: FormRecordInput): { values: StoredValues } | { problem: RecordProblem } {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const values: StoredValues = {};
  for (const [name, value] of Object.entries(input)) {
    const field = byName.get(name);
    if (!field) return { problem: { code: 'unknown_field', field: name } };
    if (value === null || value === undefined) continue;
    if (field.type === 'checkbox') {
      if (value === 1 || value === true || value === '1') values[name] = 1;
      else if (value === 0 || value === false || value === '0' || value === '') values[name] = 0;
      else return { problem: { code: 'invalid_value', field: name } };
      continue;
    }
    if (typeof value !== 'string') return { problem: { code: 'invalid_value', field: name } };
    if (value.includes('\u0000')) return { problem: { code: 'invalid_value', field: name } };
    const text = value.trim();
    if (field.type === 'select') {
      if (text === '') continue;
      if (!selectChoices(field).includes(text)) return { problem: { code: 'invalid_choice', field: name } };
      values[name] = text;
      continue;
    }
    const max = field.type === 'textarea' ? FORM_TEXTAREA_MAX : FORM_TEXT_MAX;
    if (text.length > max) return { problem: { code: 'too_long', field: name } };
    if (text !== '') values[name] = text;
  }
  return { values };
}

/** Spec §5: send is disabled while a select that was touched is left at its empty choice. */
export function canSendReply(fields: readonly FormField[], values: Readonly<Record<string, unknown>>, touched: ReadonlySet<string>): boolean {
  return fields.every((f) => f.type !== 'select' || !touched.has(f.name) || (typeof values[f.name] === 'string' && values[f.name] !== ''));
}
