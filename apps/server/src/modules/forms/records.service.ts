import { type FormRecord, type FormRecordInput, normalizeRecord, type RecordProblem } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { HttpError, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { announceFormAnswered } from '../live/index';
import { personExists } from '../people/index';
import { formStanding } from './forms.access';
import { fieldsOf } from './forms.service';
import { findRecordOf, insertRecord, type RecordRow } from './records.queries';

// A person's answers to a form (spec §3 Form record, §5 Form reply): one record per person, checked
// by the same rule the form block applies before sending (normalizeRecord, packages/core), stored in
// one statement whose unique key refuses a second answer however many arrive at once.

/** 400 with the field named in `details`: unknown_field, invalid_choice or invalid_value (a text too long is an invalid value). */
export class RecordRefused extends HttpError {
  readonly details: { path: string; message: string }[];
  constructor(problem: RecordProblem) {
    const code = problem.code === 'too_long' ? 'invalid_value' : problem.code;
    const message = {
      unknown_field: `The form has no field "${problem.field}"`,
      invalid_choice: `"${problem.field}" must be one of the choices of its select`,
      invalid_value: `"${problem.field}" has a value of the wrong kind`,
      too_long: `"${problem.field}" is too long`,
    }[problem.code];
    super(400, code, message);
    this.details = [{ path: problem.field, message }];
  }
}

function toRecord(row: RecordRow): FormRecord {
  return { id: row.id, formId: row.form_id, personId: row.person_id, answeredBy: row.answered_by, values: JSON.parse(row.values) as FormRecord['values'], createdAt: row.created_at };
}

/** GET people/{personId}/data/entities/{formId}/records: the person's record, or none. */
export async function getRecords(ctx: RequestContext, personId: number, formId: number): Promise<FormRecord[]> {
  if (!(await personExists(ctx.db, ctx.org.id, personId))) throw notFound('There is no such person in this school');
  const row = await findRecordOf(ctx.db, ctx.org.id, formId, personId);
  return row ? [toRecord(row)] : [];
}

/**
 * POST people/{personId}/data/entities/{formId}/records: stores the answers; 409 `already_answered`
 * when the person has a record. The form's owner hears of it live (best effort, after the commit).
 */
export async function answerForm(ctx: RequestContext, personId: number, formId: number, input: FormRecordInput): Promise<FormRecord> {
  const caller = requireCaller(ctx);
  const { form } = await formStanding(ctx.db, caller, formId);
  if (!form) throw notFound('There is no such form in this school');
  const checked = normalizeRecord(fieldsOf(form), input);
  if ('problem' in checked) throw new RecordRefused(checked.problem);
  const row = { org_id: ctx.org.id, form_id: formId, person_id: personId, answered_by: caller.id, values: JSON.stringify(checked.values), created_at: new Date().toISOString() };
  const id = await insertRecord(ctx.db, row);
  if (id === null) throw new HttpError(409, 'already_answered', 'This person has answered this form already');
  await announceFormAnswered(ctx.services.events, ctx.org.id, form.owner_id, formId);
  return toRecord({ ...row, id });
}
