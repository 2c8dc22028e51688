import type { RegistrationLinkAnswered, RegistrationLinkDecision, RegistrationLinkInfo } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { badRequest, HttpError } from '../../http/errors';
import { linkOrigin } from '../../http/origin';
import { requireCaller } from '../../http/school-scope';
import { hashLoginToken, newLoginToken } from '../auth/index';
import { alreadyDecided, approveRegistration, decideInTransaction, mailDecision, type RegistrationRow } from './registration.approval';
import { claimDecision } from './registration.decide.queries';
import { parseStagedForm, type StagedForm } from './registration.form';
import {
  answerLink, countLinkDecisions, findFirstName, findLinkByTokenHash, findLinkDecisions, findLinkOfRegistration, insertLink, type LinkRow, renewExpiredLink,
} from './registration.links.queries';
import { findFormMatches, type FormMatches, linkChoicesOf } from './registration.matches';
import { queueRegistrationMail } from './registration.notify';
import { findRegistration } from './registration.queries';

// Decision 023: a registration is linked to a person the school already holds only when that person
// confirms, through a one-time link mailed to the email on file. The link is 32 random bytes of
// which only the SHA-256 is stored; it works once and for LINK_HOURS.

/** A confirmation link works this long after it was sent. */
export const LINK_HOURS = 48;

/** approve with link=confirm: mails the matched parent; the registration stays pending. */
export async function sendLinkConfirmation(ctx: RequestContext, registration: RegistrationRow, form: StagedForm): Promise<void> {
  const caller = requireCaller(ctx);
  const matches = await findFormMatches(ctx.db, ctx.org.id, registration.person_id, form);
  const current = await findLinkOfRegistration(ctx.db, ctx.org.id, registration.id);
  if (!linkChoicesOf(matches, current).includes('confirm')) throw confirmRefusal(matches, current);
  const parent = matches.parent!;
  const token = newLoginToken();
  const values = {
    registrationId: registration.id,
    personId: parent.id,
    sentTo: parent.email!,
    tokenHash: hashLoginToken(token),
    sentBy: caller.id,
    expiresAt: new Date(Date.now() + LINK_HOURS * 3600_000).toISOString(),
  };
  await ctx.db.transaction().execute(async (trx) => {
    // Of parallel sends one writes the link; the others find it pending.
    const link = current ? await renewExpiredLink(trx, ctx.org.id, values) : await insertLink(trx, ctx.org.id, values);
    if (!link) throw confirmationPending();
    const registrant = `${registration.first_name} ${registration.last_name} <${registration.email ?? ''}>`;
    await queueRegistrationMail(
      ctx,
      trx,
      {
        to: parent.email!,
        kind: 'link_confirmation',
        language: parent.language,
        values: {
          name: parent.firstName,
          link: `${linkOrigin(ctx.services.config)}/registration/link?${new URLSearchParams({ school: ctx.org.code, token })}`,
          registrant,
          children: form.children.map((c) => `${c.firstName} ${c.lastName}`).join(', '),
        },
        personId: parent.id,
      },
      `link-${link.id}-${link.sendCount}`,
    );
  });
}

/** POST registration/link/check: what the link is about, without answering it. */
export async function checkRegistrationLink(ctx: RequestContext, token: string, ip: string): Promise<RegistrationLinkInfo> {
  const link = await liveLink(ctx, token, ip);
  const registration = await findRegistration(ctx.db, ctx.org.id, link.registrant_id);
  const form = parseStagedForm(registration!.form);
  return {
    firstName: await findFirstName(ctx.db, ctx.org.id, link.person_id),
    registrant: { firstName: registration!.first_name, lastName: registration!.last_name, email: registration!.email ?? '' },
    children: form.children.map((c) => `${c.firstName} ${c.lastName}`),
    registeredAt: registration!.created_at,
    expiresAt: link.expires_at,
  };
}

/**
 * POST registration/link: the person on file answers. Refused, the registration stays pending for
 * the administrator (who may approve it as a new person). Confirmed, the approval completes in the
 * same transaction as the link is used up, so of parallel answers exactly one does anything.
 */
export async function answerRegistrationLink(ctx: RequestContext, token: string, answer: 'confirm' | 'refuse', ip: string): Promise<RegistrationLinkAnswered> {
  const link = await liveLink(ctx, token, ip);
  if (answer === 'refuse') {
    if (!(await answerLink(ctx.db, ctx.org.id, link.id, 'refused'))) throw linkUsed();
    return { status: 'refused' };
  }
  const registration = await findRegistration(ctx.db, ctx.org.id, link.registrant_id);
  if (!registration) throw linkUsed();
  const form = parseStagedForm(registration.form);
  await decideInTransaction(ctx, async (trx) => {
    if (!(await answerLink(trx, ctx.org.id, link.id, 'confirmed'))) throw linkUsed();
    // The administrator who sent the link decided to approve; the person on file confirmed it.
    const decision = { personId: link.registrant_id, status: 'approved' as const, decidedBy: link.sent_by };
    if (!(await claimDecision(trx, ctx.org.id, decision))) throw alreadyDecided('decided');
    // The school may have changed who holds the document since the link was sent.
    const matches = await findFormMatches(trx, ctx.org.id, link.registrant_id, form);
    if (matches.parent?.id !== link.person_id) {
      throw new HttpError(409, 'match_changed', 'The school changed this person since the link was sent; the school will look at the registration again');
    }
    const approval = await approveRegistration(trx, ctx.org.id, link.registrant_id, form, true);
    await mailDecision(ctx, trx, registration, form, 'approved', approval.accountId);
  });
  return { status: 'confirmed' };
}

/** GET registrations/link-decisions: the audit of links made without a confirmation, newest first. */
export async function listLinkDecisions(
  ctx: RequestContext,
  query: { page?: number; limit?: number },
): Promise<{ items: RegistrationLinkDecision[]; total: number }> {
  const limit = query.limit ?? 100;
  const rows = await findLinkDecisions(ctx.db, ctx.org.id, { limit, offset: ((query.page ?? 1) - 1) * limit });
  return {
    total: await countLinkDecisions(ctx.db, ctx.org.id),
    items: rows.map((r) => ({
      id: r.id,
      registrationId: r.registration_id,
      registrantId: r.registrant_id,
      personId: r.person_id,
      linked: parseIds(r.linked),
      reason: r.reason,
      decidedBy: { id: r.decided_by, name: r.decided_by_name },
      decidedAt: r.decided_at,
    })),
  };
}

/** The link of `token` while it can still be answered; each way it cannot has its own error. */
async function liveLink(ctx: RequestContext, token: string, ip: string) {
  const { limiter } = ctx.services;
  await limiter.admit(null, ip);
  const link = await findLinkByTokenHash(ctx.db, ctx.org.id, hashLoginToken(token));
  if (!link) {
    // Only an unknown token counts: a used or expired one was really mailed.
    await limiter.recordFailure(null, ip);
    throw badRequest('invalid_link_token', 'This confirmation link is not valid: check that you opened the whole link from the mail');
  }
  if (link.status !== 'pending') throw linkUsed();
  if (link.registration_status !== 'pending') throw alreadyDecided(link.registration_status);
  if (link.expires_at <= new Date().toISOString()) {
    throw new HttpError(410, 'link_expired', 'This confirmation link has expired; the school can send a new one');
  }
  return link;
}

const linkUsed = () => new HttpError(409, 'link_used', 'This confirmation link was already answered');
const confirmationPending = () =>
  new HttpError(409, 'confirmation_pending', 'A confirmation was already sent to the person on file and waits for an answer');

function confirmRefusal(matches: FormMatches, current: LinkRow | null): HttpError {
  if (current?.status === 'refused') return new HttpError(409, 'link_refused', 'The person on file said this registration is not theirs');
  if (current?.status === 'confirmed') return alreadyDecided('approved');
  if (current) return confirmationPending();
  if (!matches.parent) {
    return new HttpError(409, 'nothing_to_confirm', "Nobody of the school holds the parent's document: there is nobody to ask");
  }
  return new HttpError(409, 'no_contact_on_file', 'The matched parent has no email on file: link by an administrator decision with a reason');
}

function parseIds(json: string): number[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];
  } catch {
    return [];
  }
}
