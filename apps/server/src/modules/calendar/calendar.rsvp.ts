import type { RsvpAnswer, RsvpList, RsvpSummary } from '@patio/core';
import type { Database } from '../../db/database';
import { HttpError, notFound } from '../../http/errors';
import type { RequestContext } from '../../http/context';
import { requireCaller } from '../../http/school-scope';
import { signedAvatarUrl } from '../people/index';
import { deleteRsvp, findRsvpCounts, findRsvpPeople, upsertRsvp } from './calendar.rsvp.queries';
import type { CalendarEventRecord } from './calendar.types';
import { loadEventRecord } from './calendar.window';

// Going / not going (issue 11 §3), when the event's author asks for it. The route policies have
// checked that the caller sees the event (eventAccess) before anything here runs.

/** The event's RSVP state as `personId` sees it. */
export async function rsvpSummaryOf(db: Database, orgId: number, event: Pick<CalendarEventRecord, 'id' | 'rsvp'>, personId: number): Promise<RsvpSummary> {
  const counts = await findRsvpCounts(db, orgId, event.id, personId);
  const count = (answer: RsvpAnswer) => counts.find((c) => c.answer === answer)?.count ?? 0;
  const mine = counts.find((c) => c.mine)?.answer ?? null;
  return { enabled: event.rsvp, mine, going: count('going'), notGoing: count('not_going') };
}

async function eventOr404(ctx: RequestContext, id: number): Promise<CalendarEventRecord> {
  const event = await loadEventRecord(ctx.db, ctx.org.id, id);
  if (!event) throw notFound('There is no such event, or it is not on a calendar you see');
  return event;
}

/** PUT calendar/events/{id}/rsvp: 409 `rsvp_closed` when the author does not ask. */
export async function answerRsvp(ctx: RequestContext, id: number, answer: RsvpAnswer): Promise<RsvpSummary> {
  const caller = requireCaller(ctx);
  const event = await eventOr404(ctx, id);
  if (!event.rsvp) throw new HttpError(409, 'rsvp_closed', 'The author of this event does not ask who is going');
  await upsertRsvp(ctx.db, ctx.org.id, id, caller.id, answer);
  return rsvpSummaryOf(ctx.db, ctx.org.id, event, caller.id);
}

/** DELETE calendar/events/{id}/rsvp: the caller's answer withdrawn (nothing to withdraw is fine). */
export async function withdrawRsvp(ctx: RequestContext, id: number): Promise<RsvpSummary> {
  const caller = requireCaller(ctx);
  const event = await eventOr404(ctx, id);
  await deleteRsvp(ctx.db, ctx.org.id, id, caller.id);
  return rsvpSummaryOf(ctx.db, ctx.org.id, event, caller.id);
}

/** GET calendar/events/{id}/rsvps: who answered what, in name order. */
export async function listRsvps(ctx: RequestContext, id: number): Promise<RsvpList> {
  await eventOr404(ctx, id);
  const rows = await findRsvpPeople(ctx.db, ctx.org.id, id);
  const person = (r: (typeof rows)[number]) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, lastName2: r.last_name2, avatar: signedAvatarUrl(ctx, r.avatar) });
  return { going: rows.filter((r) => r.answer === 'going').map(person), notGoing: rows.filter((r) => r.answer === 'not_going').map(person) };
}
