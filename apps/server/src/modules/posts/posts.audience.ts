import type { Audience, AudienceSummary } from '@patio/core';
import type { Database } from '../../db/database';
import { badRequest, forbidden, HttpError } from '../../http/errors';
import type { Caller } from '../../policy/policy';
import { checkAudienceRule, checkRuleForCaller, resolveAudience } from '../audiences/index';
import { findApprovedParentLikeRelativeIds, personAccess } from '../people/index';
import { countRecipientKinds, findReachablePeople } from './posts.audience.queries';

// Who a post goes to (docs/decisions/010-who-may-post-to-whom.md). Staff address people they can see
// and person-selection rules within what they may ask about (the audiences area's checks, as POST
// audiences/preview). Everyone else — families, students, a driver — addresses only people they can
// see, one by one: nobody outside the staff can reach the whole school.

export const noRecipients = () => badRequest('no_recipients', 'You must select destinataries');

/** Shape and rights of an audience, before anything is resolved or written: 400 for a bad rule, 403 for what the caller may not use. */
export async function checkAudienceFor(db: Database, caller: Caller, audience: Audience): Promise<void> {
  if (audience.rules !== null) {
    const rule = checkAudienceRule(audience.rules);
    if (!caller.isStaff) throw forbidden('forbidden_audience', 'Only school staff may address people by rules');
    await checkRuleForCaller(db, caller, rule);
  }
  if (audience.relatives && !caller.isStaff) throw forbidden('forbidden_audience', 'Only school staff may add the relatives of the people they address');
  const visible = await personAccess.visible(db, caller, audience.people);
  // One answer whatever the reason (another school, nobody, someone hidden): ids cannot be probed.
  if (audience.people.some((id) => !visible.has(id))) throw forbidden('forbidden_recipients', 'You may not address some of the people you selected');
}

/**
 * The recipients of `audience` as written by `caller`: the people chosen ∪ those the rule selects ∪,
 * when asked, their parent-like relatives; only approved people of the school, never the author.
 * Checks first (checkAudienceFor). 400 `no_recipients` when nobody is left.
 */
export async function resolveRecipients(db: Database, caller: Caller, audience: Audience): Promise<number[]> {
  const recipients = await collectRecipients(db, caller, audience);
  if (recipients.length === 0) throw noRecipients();
  return recipients;
}

/** resolveRecipients without the 400 for nobody: the ids in order, possibly none. */
async function collectRecipients(db: Database, caller: Caller, audience: Audience): Promise<number[]> {
  await checkAudienceFor(db, caller, audience);
  const chosen = await findReachablePeople(db, caller.orgId, audience.people);
  const selected = new Set(chosen);
  if (audience.relatives) for (const id of await findApprovedParentLikeRelativeIds(db, caller.orgId, chosen)) selected.add(id);
  if (audience.rules !== null) {
    const { personIds } = await resolveAudience(db, caller.orgId, audience.rules, { includeRelatives: audience.relatives });
    for (const id of personIds) selected.add(id);
  }
  selected.delete(caller.id);
  return [...selected].sort((a, b) => a - b);
}

/**
 * Issue 33: who a post with `audience` would reach if `caller` published it now, by kind, so compose
 * can say "3 students, 5 relatives" before publishing. The same checks and people as publishing.
 */
export async function summarizeAudience(db: Database, caller: Caller, audience: Audience): Promise<AudienceSummary> {
  const recipients = await collectRecipients(db, caller, audience);
  return { count: recipients.length, ...(await countRecipientKinds(db, caller.orgId, recipients)) };
}

/**
 * The recipients of a scheduled post at its date, with its author's rights of that moment: what the
 * author may no longer use (a person now hidden from them, a rule beyond their reach) is left out
 * instead of refusing a post that was accepted when scheduled. May be empty.
 */
export async function resolveRecipientsLater(db: Database, author: Caller, audience: Audience): Promise<number[]> {
  try {
    return await resolveRecipients(db, author, audience);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
  }
  const visible = await personAccess.visible(db, author, audience.people);
  const people = audience.people.filter((id) => visible.has(id));
  try {
    return await resolveRecipients(db, author, { people, rules: null, relatives: audience.relatives && author.isStaff });
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    return [];
  }
}
