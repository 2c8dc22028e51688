import type { CalendarEvent } from '@patio/core';
import { occurrenceOf } from '@patio/core/calendar/times';
import { upcomingOccurrences } from '@patio/core/calendar/recurrence';
import { notFound } from '../../http/errors';
import type { RequestContext } from '../../http/context';
import { requireCaller } from '../../http/school-scope';
import { findCalendarReach } from './calendar.reach';
import { mayEditEvent } from './calendar.rights';
import { rsvpSummaryOf } from './calendar.rsvp';
import { findSourceNodeId } from './calendar.queries';
import { shownTitle, untitledFor } from './calendar.title';
import type { CalendarEventRecord } from './calendar.types';
import { loadEventRecord } from './calendar.window';

/** Occurrences the detail lists from now on. */
const UPCOMING = 50;

/** The calendar an event is on, when it is not a post's: its node's, or its source's node. */
async function calendarNodeOf(ctx: RequestContext, event: CalendarEventRecord): Promise<CalendarEvent['node']> {
  if (event.postId !== null) return null;
  const nodeId = event.sourceId !== null ? await findSourceNodeId(ctx.db, ctx.org.id, event.sourceId) : event.nodeId;
  if (nodeId === null) return null;
  const node = (await findCalendarReach(ctx.db, requireCaller(ctx))).tree.find((n) => n.id === nodeId);
  return node ? { id: node.id, name: node.name } : null;
}

/** GET calendar/events/{id}: the policy has checked that the caller sees it. */
export async function getEvent(ctx: RequestContext, id: number): Promise<CalendarEvent> {
  const event = await loadEventRecord(ctx.db, ctx.org.id, id);
  if (!event) throw notFound('There is no such event, or it is not on a calendar you see');
  return describeEvent(ctx, event);
}

/** An event as the detail answers it, for the caller of `ctx`. */
export async function describeEvent(ctx: RequestContext, event: CalendarEventRecord): Promise<CalendarEvent> {
  const caller = requireCaller(ctx);
  const first = occurrenceOf(event.startsAt, event.endsAt, event.allDay, event.timeZone);
  return {
    id: event.id,
    title: shownTitle(event.title, await untitledFor(ctx.db, caller)),
    secondary: event.secondary,
    location: event.location,
    ...first,
    allDay: event.allDay,
    timeZone: event.timeZone,
    recurrence: event.recurrence,
    post: event.postId !== null ? { id: event.postId, type: event.postType ?? '', thread: event.threadId ?? 0 } : null,
    node: await calendarNodeOf(ctx, event),
    feed: event.feed,
    rsvp: await rsvpSummaryOf(ctx.db, ctx.org.id, event, caller.id),
    canEdit: await mayEditEvent(ctx.db, caller, event),
    occurrences: upcomingOccurrences(event, Math.floor(Date.now() / 1000), UPCOMING),
  };
}
