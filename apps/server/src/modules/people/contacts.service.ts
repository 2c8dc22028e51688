import type { Contact } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { approvedPeople } from '../../policy/registrants.sql';
import { findContactReasons } from './contacts.rules';
import { findCaller, findCardRows } from './people.queries';
import { cardsOf } from './people.service';

/** GET people/{id}/contacts: the people this person may message (the Contacts tab), with why. */
export async function listContacts(ctx: RequestContext, personId: number): Promise<Contact[]> {
  const subject = ctx.caller?.id === personId ? ctx.caller : await findCaller(ctx.db, ctx.org.id, personId);
  if (!subject) throw notFound('There is no such person in this school');
  const reasons = await findContactReasons(ctx.db, subject);
  // Unapproved registrants are nobody's contact; the card query leaves them out.
  const rows = await findCardRows(ctx.db, ctx.org.id, [...reasons.keys()], approvedPeople(ctx.org.id));
  const cards = await cardsOf(ctx, [], rows);
  return cards.map((c) => ({ ...c, reasons: [...reasons.get(c.id)!].sort() }));
}
