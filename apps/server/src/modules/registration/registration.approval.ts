import { documentKeyOf } from '@patio/core';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/unique-violation';
import type { RequestContext } from '../../http/context';
import { HttpError } from '../../http/errors';
import { insertMembership } from '../nodes/index';
import { inverseKind, type RelationshipKind, updatePersonRow, upsertRelationshipPair } from '../people/index';
import { findDocumentHolder, findGender, insertOrFindPerson, mergeRegistrantInto, moveRegistrationTo } from './registration.decide.queries';
import type { StagedForm } from './registration.form';
import { queueRegistrationMail, signInLinkOf } from './registration.notify';
import { findNodeNames, type findRegistration } from './registration.queries';

// The writes of an approval, shared by the administrator's decision (registration.decide) and the
// confirmation of the person on file (registration.links), so that neither depends on the other.

export const alreadyDecided = (status: string) => new HttpError(409, 'registration_decided', `This registration was already ${status}`);
const documentInUse = () =>
  new HttpError(409, 'document_in_use', "Another registration was just given the parent's document; look at the registration again");

export type RegistrationRow = NonNullable<Awaited<ReturnType<typeof findRegistration>>>;

/** The family is told in the decision's transaction: exactly when the decision is stored. */
export async function mailDecision(
  ctx: RequestContext,
  trx: Database,
  registration: RegistrationRow,
  form: StagedForm,
  kind: 'approved' | 'rejected',
  accountId: number,
): Promise<void> {
  if (!registration.email) return;
  await queueRegistrationMail(
    ctx,
    trx,
    {
      to: registration.email,
      kind,
      language: registration.language,
      values: { name: registration.first_name, link: signInLinkOf(ctx), children: form.children.map((c) => c.firstName).join(', ') },
      personId: accountId,
    },
    `registration-${registration.person_id}`,
  );
}

/** Runs a decision; a parallel approval that gave the parent's document to another registrant is a 409. */
export async function decideInTransaction(ctx: RequestContext, work: (trx: Database) => Promise<void>): Promise<void> {
  try {
    await ctx.db.transaction().execute(work);
  } catch (err) {
    if (isUniqueViolation(err)) throw documentInUse();
    throw err;
  }
}

export interface Approval {
  /** The person who holds the account afterwards. */
  accountId: number;
  /** The matched parent the registrant became (linked approvals only). */
  parentId: number | null;
  /** Every person the school already held that the approval attached. */
  linked: number[];
}

/**
 * The approval's writes. Unlinked (`link` false), only what the school does not hold yet is created
 * and related: a document the school already holds attaches nobody, so the registrant stays a new
 * person with no family of the school. Linked (after a confirmation or a decision), the registrant
 * becomes the matched parent and the matched children and relatives are attached, as before.
 */
export async function approveRegistration(trx: Database, orgId: number, registrantId: number, form: StagedForm, link: boolean): Promise<Approval> {
  const linked: number[] = [];
  const accountId = await settleParent(trx, orgId, registrantId, form.parentDocument, link);
  if (accountId !== registrantId) linked.push(accountId);
  const settle = async (person: Parameters<typeof insertOrFindPerson>[2]): Promise<number | null> => {
    const { id, created } = await insertOrFindPerson(trx, orgId, person);
    if (created || id === accountId) return id;
    if (!link) return null;
    linked.push(id);
    return id;
  };

  const gender = await findGender(trx, orgId, accountId);
  const parentKind: RelationshipKind = gender === 'male' ? 'father' : gender === 'female' ? 'mother' : 'guardian';
  const relatives: [number, RelationshipKind][] = [[accountId, parentKind]];
  for (const relative of form.relatives) {
    const id = await settle(relative);
    if (id !== null) relatives.push([id, relative.kind]);
  }

  const courses = await findNodeNames(trx, orgId, form.children.map((c) => c.course).filter((id): id is number => id !== null));
  const schoolYear = String(new Date().getUTCFullYear());
  for (const child of form.children) {
    const childId = await settle(child);
    if (childId === null) continue;
    // A course deleted since the form was sent: the child is created, the school enrolls them by hand.
    if (child.course !== null && courses.has(child.course)) {
      await insertMembership(trx, orgId, { nodeId: child.course, personId: childId, role: 'student', enrollmentStatus: 'active', schoolYear });
    }
    for (const [relativeId, kind] of relatives) {
      if (relativeId === childId) continue;
      await upsertRelationshipPair(trx, orgId, { personId: childId, relativeId, kind, inverseKind: inverseKind(kind, child.gender) });
    }
  }
  return { accountId, parentId: accountId !== registrantId ? accountId : null, linked: [...new Set(linked)] };
}

/**
 * The parent's document goes on the account when the school does not hold it yet. When it does, an
 * unlinked approval leaves the registrant without it (a new person; the form keeps what was typed);
 * a linked one hands the account to the matched parent.
 */
async function settleParent(trx: Database, orgId: number, registrantId: number, document: string | null, link: boolean): Promise<number> {
  const key = documentKeyOf(document);
  if (!key) return registrantId;
  const holder = await findDocumentHolder(trx, orgId, key);
  if (!holder) {
    await updatePersonRow(trx, orgId, registrantId, { document });
    return registrantId;
  }
  if (holder.id === registrantId || !link) return registrantId;
  if (holder.username !== null || holder.password_hash !== null) await moveRegistrationTo(trx, orgId, registrantId, holder.id);
  else await mergeRegistrantInto(trx, orgId, registrantId, holder);
  return holder.id;
}
