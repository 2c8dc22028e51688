import { FORM_LIST_LIMIT, type FormEntity, type FormField, type FormInput, type FormSummary } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { HttpError, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { deleteForm, type FormRow, findForm, findRecentForms, insertForm, updateForm } from './forms.queries';
import { findRecordValues } from './results.queries';

// Forms and polls (spec §3 Form entity; §5 Form editor): the editor sends the whole form 500 ms after
// the last edit. Fields are kept in their `order` (ties in the order sent), so every reader and the
// results list them alike. Who may read or change one is the policy's (forms.policy.ts).

/** The fields as stored: sorted by `order`, stable for equal orders. */
export function orderedFields(fields: readonly FormField[]): FormField[] {
  return fields.map((field, index) => ({ field, index })).sort((a, b) => a.field.order - b.field.order || a.index - b.index).map((x) => x.field);
}

/** The stored fields of a form row. */
export function fieldsOf(row: FormRow): FormField[] {
  try {
    const parsed: unknown = JSON.parse(row.fields);
    return Array.isArray(parsed) ? (parsed as FormField[]) : [];
  } catch {
    return [];
  }
}

export function toFormEntity(row: FormRow): FormEntity {
  return { id: row.id, title: row.title, description: row.description, fields: fieldsOf(row), ownerId: row.owner_id, updatedAt: row.updated_at };
}

const noForm = () => notFound('There is no such form in this school');

/** POST data/entities: a new form owned by the caller. */
export async function createForm(ctx: RequestContext, input: FormInput): Promise<FormEntity> {
  const caller = requireCaller(ctx);
  const now = new Date().toISOString();
  const row = { owner_id: caller.id, title: input.title, description: input.description, fields: JSON.stringify(orderedFields(input.fields)), updated_at: now };
  const id = await insertForm(ctx.db, { ...row, org_id: ctx.org.id, created_at: now });
  return toFormEntity({ ...row, id });
}

/** GET data/entities: the forms whose answers the caller may read (their own; administrators: all), newest first. */
export async function listForms(ctx: RequestContext): Promise<FormSummary[]> {
  const caller = requireCaller(ctx);
  const rows = await findRecentForms(ctx.db, ctx.org.id, caller.isAdmin ? null : caller.id, FORM_LIST_LIMIT);
  return rows.map((row) => ({ id: row.id, title: row.title, ownerId: row.owner_id, updatedAt: row.updated_at }));
}

/** GET data/entities/{id}. */
export async function getForm(ctx: RequestContext, id: number): Promise<FormEntity> {
  const row = await findForm(ctx.db, ctx.org.id, id);
  if (!row) throw noForm();
  return toFormEntity(row);
}

/** 409 naming the fields a save would remove although records answer them. */
export class FieldsHaveAnswers extends HttpError {
  readonly details: { path: string; message: string }[];
  constructor(fields: FormField[]) {
    const names = fields.map((f) => f.title.trim() || f.name);
    super(409, 'field_has_answers', `These questions have answers, which would no longer be shown: ${names.join(', ')}. Send confirm=true to remove them anyway.`);
    this.details = fields.map((f) => ({ path: f.name, message: `"${f.title.trim() || f.name}" has answers` }));
  }
}

const isAnswered = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The fields of `before` missing from `after` (a renamed field is missing too) that some record answers. */
async function answeredFieldsRemoved(db: RequestContext['db'], orgId: number, formId: number, before: FormField[], after: readonly FormField[]): Promise<FormField[]> {
  const kept = new Set(after.map((f) => f.name));
  const removed = before.filter((f) => !kept.has(f.name));
  if (removed.length === 0) return [];
  const records = (await findRecordValues(db, orgId, formId)).map((json) => JSON.parse(json) as Record<string, unknown>);
  return removed.filter((f) => records.some((values) => isAnswered(values[f.name])));
}

/**
 * PUT data/entities/{id}: replaces title, description and fields. Records keep the answers they have,
 * whatever changes (readers show a value that no longer fits its field as it was given). Removing a
 * field that records answer hides those answers, so it is 409 `field_has_answers` unless `confirm`.
 */
export async function saveForm(ctx: RequestContext, id: number, input: FormInput, options: { confirm?: boolean } = {}): Promise<FormEntity> {
  const fields = orderedFields(input.fields);
  const values = { title: input.title, description: input.description, fields: JSON.stringify(fields), updated_at: new Date().toISOString() };
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findForm(trx, ctx.org.id, id);
    if (!row) throw noForm();
    if (!options.confirm) {
      const answered = await answeredFieldsRemoved(trx, ctx.org.id, id, fieldsOf(row), fields);
      if (answered.length > 0) throw new FieldsHaveAnswers(answered);
    }
    if (!(await updateForm(trx, ctx.org.id, id, values))) throw noForm();
  });
  return getForm(ctx, id);
}

/** DELETE data/entities/{id}: the form and every record of it, in one transaction. */
export async function removeForm(ctx: RequestContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await deleteForm(trx, ctx.org.id, id))) throw noForm();
  });
}
