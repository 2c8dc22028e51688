import type { CalendarEvent, EventInput } from '@patio/core';
import { forbidden, notFound } from '../../http/errors';
import type { RequestContext } from '../../http/context';
import { requireCaller } from '../../http/school-scope';
import { describeEvent } from './calendar.detail';
import { insertNodeEvent, softDeleteEvent, updateEvent } from './calendar.queries';
import { findCalendarReach } from './calendar.reach';
import { mayWriteOnNode } from './calendar.rights';
import { eventColumnsOf } from '../posts/index';
import { timeZoneOf } from '../settings/index';
import { loadEventRecord } from './calendar.window';
import { forgetExpansions } from './calendar.expansion-cache';

// Node events (POST/PUT/DELETE calendar/events): written in the school's zone of the moment, each in
// one statement inside one transaction, after every check, so bad input changes nothing.

const noEvent = () => notFound('There is no such event, or it is not on a calendar you see');

/** POST calendar/events: 404 for a node the school does not have, 403 for one the caller does not teach. */
export async function createNodeEvent(ctx: RequestContext, input: EventInput & { nodeId: number }): Promise<CalendarEvent> {
  const caller = requireCaller(ctx);
  const reach = await findCalendarReach(ctx.db, caller);
  if (!reach.tree.some((n) => n.id === input.nodeId)) throw notFound('There is no such group in this school');
  if (!(await mayWriteOnNode(ctx.db, caller, input.nodeId))) throw forbidden('forbidden', 'Only administrators and the teachers of this group add events to its calendar');
  const values = eventColumnsOf(input, timeZoneOf(ctx.org.settings));
  const id = await ctx.db.transaction().execute((trx) => insertNodeEvent(trx, ctx.org.id, { ...values, node_id: input.nodeId, author_id: caller.id }));
  return describeEvent(ctx, (await loadEventRecord(ctx.db, ctx.org.id, id))!);
}

/** PUT calendar/events/{id}: the policy has checked that the caller may edit it. */
export async function updateNodeEvent(ctx: RequestContext, id: number, input: EventInput): Promise<CalendarEvent> {
  const values = eventColumnsOf(input, timeZoneOf(ctx.org.settings));
  const changed = await ctx.db.transaction().execute((trx) => updateEvent(trx, ctx.org.id, id, values));
  if (!changed) throw noEvent();
  // Its new row would not match the old expansions anyway; this only frees them now.
  forgetExpansions(ctx.db, ctx.org.id, id);
  return describeEvent(ctx, (await loadEventRecord(ctx.db, ctx.org.id, id))!);
}

/** DELETE calendar/events/{id}: soft delete (its RSVPs stay with it). */
export async function deleteNodeEvent(ctx: RequestContext, id: number): Promise<void> {
  const deleted = await ctx.db.transaction().execute((trx) => softDeleteEvent(trx, ctx.org.id, id));
  if (!deleted) throw noEvent();
  forgetExpansions(ctx.db, ctx.org.id, id);
}
