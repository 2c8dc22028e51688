import type { Registration, RegistrationApproveRequest } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { alreadyDecided, approveRegistration, decideInTransaction, mailDecision, type RegistrationRow } from './registration.approval';
import { claimDecision, revokeRegistrant } from './registration.decide.queries';
import { parseStagedForm } from './registration.form';
import { sendLinkConfirmation } from './registration.links';
import { findLinkOfRegistration, findPersonName, insertLinkDecision } from './registration.links.queries';
import { describeRegistrations } from './registration.list';
import { findFormMatches, linkChoicesOf } from './registration.matches';
import { findRegistration } from './registration.queries';

/**
 * POST registrations/{personId}/approve (decision 023). `none`: the registrant becomes a new person
 * and nothing the school already holds is attached. `confirm`: the matched parent is mailed a link
 * and the registration stays pending (answered 202). `decide`: linked at once where no contact is
 * on file, with a reason written to the audit of link decisions.
 */
export async function approveFamily(
  ctx: RequestContext,
  personId: number,
  body: RegistrationApproveRequest,
): Promise<{ code: 200 | 202; registration: Registration }> {
  const caller = requireCaller(ctx);
  const registration = await pendingRegistration(ctx, personId);
  const form = parseStagedForm(registration.form);
  const link = body.link ?? 'none';

  if (link === 'confirm') {
    await sendLinkConfirmation(ctx, registration, form);
    return { code: 202, registration: await describe(ctx, personId) };
  }

  let reason: string | null = null;
  if (link === 'decide') {
    reason = checkReason(body.reason);
    const matches = await findFormMatches(ctx.db, ctx.org.id, personId, form);
    const choices = linkChoicesOf(matches, await findLinkOfRegistration(ctx.db, ctx.org.id, registration.id));
    if (!choices.includes('decide')) throw decideRefusal(matches.parent !== null || matches.others.length > 0);
  }

  let accountId = personId;
  await decideInTransaction(ctx, async (trx) => {
    if (!(await claimDecision(trx, ctx.org.id, { personId, status: 'approved', decidedBy: caller.id }))) throw alreadyDecided('decided');
    const approval = await approveRegistration(trx, ctx.org.id, personId, form, reason !== null);
    accountId = approval.accountId;
    if (reason !== null) {
      await insertLinkDecision(trx, ctx.org.id, {
        registrationId: registration.id,
        registrantId: personId,
        personId: approval.parentId,
        linked: approval.linked,
        reason,
        decidedBy: caller.id,
        decidedByName: await findPersonName(trx, ctx.org.id, caller.id),
      });
    }
    await mailDecision(ctx, trx, registration, form, 'approved', accountId);
  });
  return { code: 200, registration: await describe(ctx, accountId) };
}

/** POST registrations/{personId}/reject: the account is revoked and nothing the form names is created. */
export async function rejectFamily(ctx: RequestContext, personId: number): Promise<Registration> {
  const caller = requireCaller(ctx);
  const registration = await pendingRegistration(ctx, personId);
  const form = parseStagedForm(registration.form);
  await decideInTransaction(ctx, async (trx) => {
    if (!(await claimDecision(trx, ctx.org.id, { personId, status: 'rejected', decidedBy: caller.id }))) throw alreadyDecided('decided');
    await revokeRegistrant(trx, ctx.org.id, personId);
    await mailDecision(ctx, trx, registration, form, 'rejected', personId);
  });
  return await describe(ctx, personId);
}

async function pendingRegistration(ctx: RequestContext, personId: number): Promise<RegistrationRow> {
  const registration = await findRegistration(ctx.db, ctx.org.id, personId);
  if (!registration) throw notFound('There is no registration for this person');
  if (registration.status !== 'pending') throw alreadyDecided(registration.status);
  return registration;
}

async function describe(ctx: RequestContext, personId: number): Promise<Registration> {
  const row = await findRegistration(ctx.db, ctx.org.id, personId);
  const [result] = await describeRegistrations(ctx, [row!]);
  return result;
}

// Lone surrogates and control characters other than line breaks and tabs would be stored differently
// by the two databases or hide text in the audit.
// eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
const UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function checkReason(reason: string | undefined): string {
  const text = (reason ?? '').trim();
  if (text === '') throw badRequest('reason_required', 'Linking without a confirmation needs a reason for the record');
  if (UNSAFE.test(text)) throw badRequest('invalid_characters', 'The reason contains characters that cannot be stored');
  return text;
}

function decideRefusal(hasMatches: boolean): HttpError {
  if (!hasMatches) return new HttpError(409, 'nothing_to_link', 'Nobody of the school matches this registration: approve it as a new person');
  return new HttpError(
    409,
    'link_needs_confirmation',
    'The matched parent has an email on file, or a confirmation was already sent or answered: the person on file decides through the mailed link',
  );
}

