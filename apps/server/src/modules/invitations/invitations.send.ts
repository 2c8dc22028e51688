import type { SendInvitationsResult } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { HttpError, notFound } from '../../http/errors';
import { linkOrigin } from '../../http/origin';
import { requireCaller } from '../../http/school-scope';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Database } from '../../db/database';
import { findUnapprovedRegistrantIds } from '../../policy/registrants.sql';
import { type AccountRow, ensureUsername, findAccounts, hashLoginToken, insertLoginToken, newLoginToken, revokeLoginTokens } from '../auth/index';
import { findNodes, subtreeIds } from '../nodes/index';
import { invitationMailJob } from './invitation.notify';
import { findInvitationStatuses, findPopulationIds, recordSends } from './invitations.queries';

/** An invitation link works this long. */
export const INVITATION_DAYS = 14;

type SkipReason = 'no_email' | 'already_active' | 'registration_pending';

/** The people of one request, sorted into those to invite and those left out (and why). */
interface Sorted {
  toSend: AccountRow[];
  skipped: Record<SkipReason, number>;
}

async function sortOut(ctx: RequestContext, personIds: number[], includeActive: boolean): Promise<Sorted & { accounts: Map<number, AccountRow> }> {
  const accounts = await findAccounts(ctx.db, ctx.org.id, personIds);
  const unapproved = await findUnapprovedRegistrantIds(ctx.db, ctx.org.id, personIds);
  const statuses = await findInvitationStatuses(ctx.db, ctx.org.id, personIds);
  const skipped: Record<SkipReason, number> = { no_email: 0, already_active: 0, registration_pending: 0 };
  const toSend: AccountRow[] = [];
  for (const id of personIds) {
    const person = accounts.get(id);
    if (!person) continue;
    if (unapproved.has(id)) skipped.registration_pending++;
    else if (!person.email?.trim()) skipped.no_email++;
    else if (!includeActive && (person.has_password || statuses.get(id) === 'signed_in')) skipped.already_active++;
    else toSend.push(person);
  }
  return { toSend, skipped, accounts };
}

/**
 * One transaction for every person of a send: record the sends first (the rows' locks order
 * parallel sends to one person), give people without a username one, revoke their earlier invitation
 * links, store one new link each and queue one mail each. Retried when two people took the same
 * free username at once.
 */
async function sendTo(ctx: RequestContext, people: AccountRow[]): Promise<void> {
  if (people.length === 0) return;
  const caller = requireCaller(ctx);
  const ids = people.map((p) => p.id);
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 3600_000).toISOString();
  for (let attempt = 1; ; attempt++) {
    try {
      await ctx.db.transaction().execute(async (trx) => {
        await recordSends(trx, ctx.org.id, ids, caller.id);
        // Read again under the rows' locks: a parallel send may have given a username meanwhile.
        const current = await findAccounts(trx, ctx.org.id, ids);
        await revokeLoginTokens(trx, ctx.org.id, ids, 'invitation');
        for (const id of [...ids].sort((a, b) => a - b)) {
          const person = current.get(id);
          if (person?.email) await issueInvitation(ctx, trx, person, caller.id, expiresAt);
        }
      });
      return;
    } catch (err) {
      if (attempt >= 3 || !isUniqueViolation(err)) throw err;
    }
  }
}

async function issueInvitation(ctx: RequestContext, trx: Database, person: AccountRow, sentBy: number, expiresAt: string): Promise<void> {
  const username = await ensureUsername(trx, ctx.org.id, person);
  const token = newLoginToken();
  const tokenHash = hashLoginToken(token);
  await insertLoginToken(trx, ctx.org.id, { personId: person.id, tokenHash, expiresAt, createdBy: sentBy, purpose: 'invitation' });
  const link = `${linkOrigin(ctx.services.config)}/welcome?${new URLSearchParams({ school: ctx.org.code, token })}`;
  await ctx.services.jobs.enqueue(
    trx,
    invitationMailJob,
    {
      to: person.email!.trim(),
      kind: person.has_password ? 'active' : 'new',
      language: person.language,
      values: { name: person.first_name, school: ctx.org.title, username, link, days: INVITATION_DAYS },
      personId: person.id,
    },
    // One mail per send: each send has its own link.
    { orgId: ctx.org.id, key: `invitation.mail:${ctx.org.id}:${person.id}:${tokenHash.slice(0, 24)}` },
  );
}

/** The people a bulk send names: these ids (all of this school, else 404), or a node's families. */
async function peopleOf(ctx: RequestContext, target: { personIds?: number[]; nodeId?: number }): Promise<number[]> {
  if (target.nodeId !== undefined) {
    const nodes = await findNodes(ctx.db, ctx.org.id);
    if (!nodes.some((n) => n.id === target.nodeId)) throw notFound('There is no such group in this school');
    return findPopulationIds(ctx.db, ctx.org.id, { nodeIds: subtreeIds(nodes, target.nodeId) });
  }
  const ids = [...new Set(target.personIds ?? [])];
  const known = await findAccounts(ctx.db, ctx.org.id, ids);
  if (known.size !== ids.length) throw notFound('Some of these people are not in this school');
  return ids;
}

/** POST invitations: invites many people at once; says how many were sent and how many were skipped, and why. */
export async function sendInvitations(
  ctx: RequestContext,
  body: { personIds?: number[]; nodeId?: number; includeActive: boolean },
): Promise<SendInvitationsResult> {
  const ids = await peopleOf(ctx, body);
  const { toSend, skipped } = await sortOut(ctx, ids, body.includeActive);
  await sendTo(ctx, toSend);
  return {
    sent: toSend.length,
    skipped: {
      total: skipped.no_email + skipped.already_active + skipped.registration_pending,
      noEmail: skipped.no_email,
      alreadyActive: skipped.already_active,
      registrationPending: skipped.registration_pending,
    },
  };
}

/**
 * POST invitations/{personId}: sends (or sends again) one person's invitation, also to someone who
 * already has a password (their link signs them in). Refused when there is nobody to send it to.
 */
export async function sendInvitation(ctx: RequestContext, personId: number): Promise<void> {
  const { toSend, skipped, accounts } = await sortOut(ctx, [personId], true);
  if (!accounts.has(personId)) throw notFound('There is no such person in this school');
  if (skipped.registration_pending) throw new HttpError(409, 'registration_pending', 'This person registered online and the school has not approved them yet');
  if (skipped.no_email) throw new HttpError(409, 'no_email', 'This person has no email address to send the invitation to');
  await sendTo(ctx, toSend);
}
