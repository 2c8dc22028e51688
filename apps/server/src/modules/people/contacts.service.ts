import type { Contact } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { approvedPeople } from '../../policy/registrants.sql';
import { findContactReasons } from './contacts.rules';
import { findCaller, findCardRows, findGendersOf } from './people.queries';
import { cardsOf } from './people.service';

/**
 * GET people/{id}/contacts: the people this person may message (the Contacts tab), with why. Asking
 * for one's own contacts, one's own relatives also carry their gender, so the screen can say "son" or
 * "daughter": one's family is school data one sees (decision 004). Anyone asking for another's
 * contacts (a parent for a child, an administrator) gets no gender: it would widen what they see.
 */
export async function listContacts(ctx: RequestContext, personId: number): Promise<Contact[]> {
  const isSelf = ctx.caller?.id === personId;
  const subject = isSelf ? ctx.caller : await findCaller(ctx.db, ctx.org.id, personId);
  if (!subject) throw notFound('There is no such person in this school');
  const reasons = await findContactReasons(ctx.db, subject);
  // Unapproved registrants are nobody's contact; the card query leaves them out.
  const rows = await findCardRows(ctx.db, ctx.org.id, [...reasons.keys()], approvedPeople(ctx.org.id));
  const cards = await cardsOf(ctx, [], rows);
  const ownRelatives = isSelf ? cards.filter((c) => reasons.get(c.id)!.has('relative')).map((c) => c.id) : [];
  const genders = await findGendersOf(ctx.db, ctx.org.id, ownRelatives);
  return cards.map((c) => ({
    ...c,
    reasons: [...reasons.get(c.id)!].sort(),
    ...(genders.has(c.id) ? { gender: genders.get(c.id)! } : {}),
  }));
}
