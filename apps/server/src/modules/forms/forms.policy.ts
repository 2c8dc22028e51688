import { z } from 'zod';
import { notFound } from '../../http/errors';
import { definePolicy, isSignedIn, type PolicyContext, zId } from '../../policy/policy';
import { findCaller } from '../people/index';
import { formStanding } from './forms.access';

const byForm = z.object({ id: zId });
const byPersonAndForm = z.object({ personId: zId, formId: zId });
type ByForm = PolicyContext<{ id: number }>;
type ByPersonAndForm = PolicyContext<{ personId: number; formId: number }>;

const noForm = () => notFound('There is no such form, or it is not in a post you may read');

/** The caller's standing towards the form of the path; 404 when they may not even read it. */
async function standingOr404(ctx: PolicyContext<unknown>, formId: number) {
  const { standing } = await formStanding(ctx.db, ctx.caller!, formId);
  if (!standing) throw noForm();
  return standing;
}

const readsForm = async (ctx: ByForm) => (await standingOr404(ctx, ctx.params.id)) !== null;
/** Owner or administrator; readers 403. */
const ownsForm = async (ctx: ByForm) => (await standingOr404(ctx, ctx.params.id)) === 'write';

/** The caller may act for the person: themselves, or a parent-like relative of theirs (spec §6: the record url carries the person). */
const actsFor = ({ caller, params }: ByPersonAndForm) => caller!.id === params.personId || caller!.childIds.includes(params.personId);

/** Whether the person of the path may read the form (a child answered for by a parent who got the post). */
async function personReads({ db, org, params }: ByPersonAndForm): Promise<boolean> {
  const person = await findCaller(db, org.id, params.personId);
  return person !== null && (await formStanding(db, person, params.formId)).standing !== null;
}

/**
 * GET a person's record: the person and their parent-like relatives (when the form reaches the caller
 * or the person), the form's owner and administrators; a reader of the form asking about someone
 * else 403; anyone else 404.
 */
async function seesRecordsOf(ctx: ByPersonAndForm): Promise<boolean> {
  const { standing } = await formStanding(ctx.db, ctx.caller!, ctx.params.formId);
  if (standing === 'write') return true;
  if (actsFor(ctx) && (standing === 'read' || (await personReads(ctx)))) return true;
  if (!standing) throw noForm();
  return false;
}

/** POST a record: only for oneself or one's child, when the form reaches the caller or that person; others 403 (404 if the form is not theirs to know). */
async function answersFor(ctx: ByPersonAndForm): Promise<boolean> {
  const { standing } = await formStanding(ctx.db, ctx.caller!, ctx.params.formId);
  if (actsFor(ctx) && (standing !== null || (await personReads(ctx)))) return true;
  if (!standing) throw noForm();
  return false;
}

export const formsPolicies = {
  /** POST data/entities: any member of the school (a form block makes one on first load). */
  createForm: definePolicy({ method: 'POST', path: 'data/entities', check: isSignedIn }),
  /** GET data/entities: the caller's own forms (administrators: the school's); anyone signed in. */
  listForms: definePolicy({ method: 'GET', path: 'data/entities', check: isSignedIn }),
  /** GET data/entities/{id}: its owner, administrators, readers of a post that carries it. */
  readForm: definePolicy({ method: 'GET', path: 'data/entities/:id', params: byForm, check: readsForm }),
  /** PUT data/entities/{id}: its owner or an administrator. */
  updateForm: definePolicy({ method: 'PUT', path: 'data/entities/:id', params: byForm, check: ownsForm }),
  /** DELETE data/entities/{id} (with its records): its owner or an administrator. */
  deleteForm: definePolicy({ method: 'DELETE', path: 'data/entities/:id', params: byForm, check: ownsForm }),
  /** GET data/entities/{id}/results: its owner or an administrator. */
  readResults: definePolicy({ method: 'GET', path: 'data/entities/:id/results', params: byForm, check: ownsForm }),
  /** GET data/entities/{id}/records: its owner or an administrator. */
  listAnswers: definePolicy({ method: 'GET', path: 'data/entities/:id/records', params: byForm, check: ownsForm }),
  /** GET data/entities/{id}/pending: its owner or an administrator. */
  listPending: definePolicy({ method: 'GET', path: 'data/entities/:id/pending', params: byForm, check: ownsForm }),
  /** GET data/entities/{id}/records.csv: its owner or an administrator. */
  exportAnswers: definePolicy({ method: 'GET', path: 'data/entities/:id/records.csv', params: byForm, check: ownsForm }),
  /** GET people/{personId}/data/entities/{formId}/records. */
  readRecords: definePolicy({ method: 'GET', path: 'people/:personId/data/entities/:formId/records', params: byPersonAndForm, check: seesRecordsOf }),
  /** POST people/{personId}/data/entities/{formId}/records. */
  answer: definePolicy({ method: 'POST', path: 'people/:personId/data/entities/:formId/records', params: byPersonAndForm, check: answersFor }),
};
