import { documentKeyOf, type Registration } from '@patio/core';
import type { Database } from '../../db/database';
import type { RequestContext } from '../../http/context';
import { HttpError, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { isUniqueViolation } from '../../db/unique-violation';
import { insertMembership } from '../nodes/index';
import { inverseKind, type RelationshipKind, updatePersonRow, upsertRelationshipPair } from '../people/index';
import {
  claimDecision, findDocumentHolder, findGender, insertOrFindPerson, mergeRegistrantInto, revokeRegistrant,
} from './registration.decide.queries';
import { parseStagedForm, type StagedForm } from './registration.form';
import { describeRegistrations } from './registration.list';
import { queueRegistrationMail, signInLinkOf } from './registration.notify';
import { findNodeNames, findRegistration } from './registration.queries';

const alreadyDecided = (status: string) => new HttpError(409, 'registration_decided', `This registration was already ${status}`);
const documentInUse = () =>
  new HttpError(409, 'document_in_use', "Another account of the school already holds the parent's document; ask the family or merge by hand");

/**
 * POST registrations/{personId}/approve|reject. Approval creates (or finds, by document) what the
 * staged form names, in one transaction; rejection revokes the account and creates nothing. The
 * family gets the decision by mail in its language.
 */
export async function decideFamily(
  ctx: RequestContext,
  personId: number,
  status: 'approved' | 'rejected',
): Promise<Registration> {
  const caller = requireCaller(ctx);
  const registration = await findRegistration(ctx.db, ctx.org.id, personId);
  if (!registration) throw notFound('There is no registration for this person');
  if (registration.status !== 'pending') throw alreadyDecided(registration.status);
  const form = parseStagedForm(registration.form);
  const decision = { personId, status, decidedBy: caller.id };

  let accountId = personId;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await claimDecision(trx, ctx.org.id, decision))) throw alreadyDecided('decided');
      if (status === 'rejected') await revokeRegistrant(trx, ctx.org.id, personId);
      else accountId = await approve(trx, ctx.org.id, personId, form);
      // In the decision's transaction: the family is told exactly when the decision is stored.
      if (registration.email) {
        await queueRegistrationMail(
          ctx,
          trx,
          {
            to: registration.email,
            kind: status,
            language: registration.language,
            values: { name: registration.first_name, link: signInLinkOf(ctx), children: form.children.map((c) => c.firstName).join(', ') },
            personId: accountId,
          },
          `registration-${personId}`,
        );
      }
    });
  } catch (err) {
    // A parallel approval gave the parent's document to another registrant first.
    if (isUniqueViolation(err)) throw documentInUse();
    throw err;
  }

  const decided = await findRegistration(ctx.db, ctx.org.id, accountId);
  const [result] = await describeRegistrations(ctx, [decided!]);
  return result;
}

/**
 * The approval's writes; answers the account's person id (another one when the parent was already a
 * person of the school without an account, who then takes the account over).
 */
async function approve(trx: Database, orgId: number, registrantId: number, form: StagedForm): Promise<number> {
  const accountId = await settleParent(trx, orgId, registrantId, form.parentDocument);
  const gender = await findGender(trx, orgId, accountId);
  const parentKind: RelationshipKind = gender === 'male' ? 'father' : gender === 'female' ? 'mother' : 'guardian';
  const relatives: [number, RelationshipKind][] = [[accountId, parentKind]];
  for (const relative of form.relatives) relatives.push([await insertOrFindPerson(trx, orgId, relative), relative.kind]);

  const courses = await findNodeNames(trx, orgId, form.children.map((c) => c.course).filter((id): id is number => id !== null));
  const schoolYear = String(new Date().getUTCFullYear());
  for (const child of form.children) {
    const childId = await insertOrFindPerson(trx, orgId, child);
    // A course deleted since the form was sent: the child is created, the school enrolls them by hand.
    if (child.course !== null && courses.has(child.course)) {
      await insertMembership(trx, orgId, { nodeId: child.course, personId: childId, role: 'student', enrollmentStatus: 'active', schoolYear });
    }
    for (const [relativeId, kind] of relatives) {
      if (relativeId === childId) continue;
      await upsertRelationshipPair(trx, orgId, { personId: childId, relativeId, kind, inverseKind: inverseKind(kind, child.gender) });
    }
  }
  return accountId;
}

/**
 * The parent's document goes on the account. When the school already holds that document: a record
 * without credentials (imported parent) takes the account over; an account is a conflict (409).
 */
async function settleParent(trx: Database, orgId: number, registrantId: number, document: string | null): Promise<number> {
  const key = documentKeyOf(document);
  if (!key) return registrantId;
  const holder = await findDocumentHolder(trx, orgId, key);
  if (!holder) {
    await updatePersonRow(trx, orgId, registrantId, { document });
    return registrantId;
  }
  if (holder.id === registrantId) return registrantId;
  if (holder.username !== null || holder.password_hash !== null) throw documentInUse();
  await mergeRegistrantInto(trx, orgId, registrantId, holder);
  return holder.id;
}
