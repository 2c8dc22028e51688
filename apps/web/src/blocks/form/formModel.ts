import type { FormEntity, FormField, FormInput } from '@patio/core/schemas/blocks';

// The form editor's rules (spec §5 Form editor), kept apart from the screen so they read as rules.

/** The fields as the form shows them: by order, ties kept as stored. */
export function sortedFields(fields: readonly FormField[]): FormField[] {
  return fields.map((field, index) => ({ field, index })).sort((a, b) => a.field.order - b.field.order || a.index - b.index).map((e) => e.field);
}

/** The whole form as PUT data/entities/{id} takes it, fields in their shown order. */
export function formInputOf(entity: Pick<FormEntity, 'title' | 'description' | 'fields'>): FormInput {
  return { title: entity.title, description: entity.description, fields: sortedFields(entity.fields) };
}

const GENERATED_NAME = /^f(\d{1,9})$/;

/** The highest n of the generated names f1, f2… among `fields` (0 when none). */
export function highestFieldNumber(fields: readonly Pick<FormField, 'name'>[]): number {
  return fields.reduce((max, f) => Math.max(max, Number(GENERATED_NAME.exec(f.name)?.[1] ?? 0)), 0);
}

/**
 * A new field: type text, order = count + 1. Its name is f{n} above every generated name seen so far
 * (`seen`), so a field removed while editing never lends its name, and so its answers, to a new one.
 */
export function newField(fields: readonly FormField[], seen = 0): FormField {
  const n = Math.max(seen, highestFieldNumber(fields)) + 1;
  return { name: `f${n}`, type: 'text', title: '', description: '', options: '', order: fields.length + 1 };
}

/** Orders 1, 2, 3… in the fields' current sequence. */
export function renumber(fields: readonly FormField[]): FormField[] {
  return fields.map((field, index) => (field.order === index + 1 ? field : { ...field, order: index + 1 }));
}

/** Moves the field at `from` to `to` (0-based) and renumbers from 1 (spec §5: drag reordering). */
export function moveField(fields: readonly FormField[], from: number, to: number): FormField[] {
  if (from === to || from < 0 || to < 0 || from >= fields.length || to >= fields.length) return [...fields];
  const next = [...fields];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return renumber(next);
}

/** Removes a field; the others close the gap so a later new field's order stays count + 1. */
export function removeField(fields: readonly FormField[], name: string): FormField[] {
  return renumber(fields.filter((f) => f.name !== name));
}

export type FieldChange = Partial<Pick<FormField, 'title' | 'description' | 'options'>> & { type?: FormField['type'] };

/** One field changed in place. */
export function updateField(fields: readonly FormField[], name: string, change: FieldChange): FormField[] {
  return fields.map((f) => (f.name === name ? { ...f, ...change } : f));
}

/**
 * Puts removed fields back near where they were (each before the field that took its place), keeping
 * what was edited since; the orders are renumbered from 1.
 */
export function restoreFields(fields: readonly FormField[], restored: readonly FormField[]): FormField[] {
  const present = new Set(fields.map((f) => f.name));
  const back = restored.filter((f) => !present.has(f.name)).map((field) => ({ field, at: field.order - 0.5 }));
  const kept = fields.map((field, index) => ({ field, at: index + 1 }));
  return renumber([...kept, ...back].sort((a, b) => a.at - b.at).map((e) => e.field));
}
