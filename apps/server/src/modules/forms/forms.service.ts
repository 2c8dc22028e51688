import type { FormEntity, FormField, FormInput } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { deleteForm, type FormRow, findForm, insertForm, updateForm } from './forms.queries';

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

/** GET data/entities/{id}. */
export async function getForm(ctx: RequestContext, id: number): Promise<FormEntity> {
  const row = await findForm(ctx.db, ctx.org.id, id);
  if (!row) throw noForm();
  return toFormEntity(row);
}

/** PUT data/entities/{id}: replaces title, description and fields. Records keep the answers they have. */
export async function saveForm(ctx: RequestContext, id: number, input: FormInput): Promise<FormEntity> {
  const values = { title: input.title, description: input.description, fields: JSON.stringify(orderedFields(input.fields)), updated_at: new Date().toISOString() };
  if (!(await updateForm(ctx.db, ctx.org.id, id, values))) throw noForm();
  return getForm(ctx, id);
}

/** DELETE data/entities/{id}: the form and every record of it, in one transaction. */
export async function removeForm(ctx: RequestContext, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await deleteForm(trx, ctx.org.id, id))) throw noForm();
  });
}
