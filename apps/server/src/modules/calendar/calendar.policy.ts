import { z } from 'zod';
import { forbidden, notFound } from '../../http/errors';
import { definePolicy, isSelf, isSignedIn, type PolicyContext, zId } from '../../policy/policy';
import { canSeeProfile, personExists } from '../people/index';
import { canSeeEvent } from './calendar.access';
import { mayEditEvent } from './calendar.rights';
import { loadEventRecord } from './calendar.window';

// Who may call the calendar's event routes (docs/decisions/014-calendar-events-and-who-sees-them.md).
// An event the caller does not see answers 404 whatever the school or family it belongs to, so ids
// are no oracle; one they see but may not act on answers 403.

const me = z.object({ id: zId });
const meAndFeed = z.object({ personId: zId, feedId: z.string().max(60) });
const byEvent = z.object({ id: zId });
type ByEvent = PolicyContext<{ id: number }>;

const noEvent = () => notFound('There is no such event, or it is not on a calendar you see');

/** The event of the path, when the caller sees it; else 404. */
async function seenEvent({ caller, db, org, params }: ByEvent) {
  if (!caller || !(await canSeeEvent(db, caller, params.id))) throw noEvent();
  const event = await loadEventRecord(db, org.id, params.id);
  if (!event) throw noEvent();
  return event;
}

const seesEvent = async (ctx: ByEvent) => (await seenEvent(ctx)) !== null;

/** A node event of the caller's, or on a calendar they write on; a post's or an imported event: 403. */
const editsEvent = async (ctx: ByEvent) => {
  const event = await seenEvent(ctx);
  if (await mayEditEvent(ctx.db, ctx.caller!, event)) return true;
  if (event.postId !== null) throw forbidden('forbidden', "An event on a post is changed with its post");
  return false;
};

/** Who answered: the event's (or its post's) author and administrators; other readers 403. */
const seesAnswers = async (ctx: ByEvent) => {
  const event = await seenEvent(ctx);
  return ctx.caller!.isAdmin || event.authorId === ctx.caller!.id;
};

/** Adding to a node's calendar: administrators and teachers; which node is checked with the body. */
const writesSomeCalendar = ({ caller }: PolicyContext<unknown>) => caller !== null && (caller.isAdmin || caller.teachingNodeIds.length > 0);

/** Staff who may see the person (GET people/{id}), and the person; an id of nobody in this school 404. */
const readsPersonCalendar = async ({ caller, db, org, params }: PolicyContext<{ id: number }>) => {
  if (caller?.id === params.id) return true;
  if (!(await personExists(db, org.id, params.id))) throw notFound('There is no such person in this school');
  return caller!.isStaff && (await canSeeProfile(db, caller!, params.id));
};

export const calendarPolicies = {
  /** GET people/{me}/calendar/feeds: the caller's own (another person's: 403). */
  listFeeds: definePolicy({ method: 'GET', path: 'people/:id/calendar/feeds', params: me, check: isSelf }),
  /** PUT people/{me}/calendar/feeds/{feedId}: the caller's own switch. */
  toggleFeed: definePolicy({
    method: 'PUT',
    path: 'people/:personId/calendar/feeds/:feedId',
    params: meAndFeed,
    check: ({ caller, params }) => caller?.id === params.personId,
  }),
  /** GET people/{id}/calendar/events: the person's group calendars in their tab (issue 36 §1). */
  readPersonWindow: definePolicy({ method: 'GET', path: 'people/:id/calendar/events', params: me, check: readsPersonCalendar }),
  /** GET calendar/events: the window of every signed-in member (each sees their own events). */
  readWindow: definePolicy({ method: 'GET', path: 'calendar/events', check: isSignedIn }),
  createEvent: definePolicy({ method: 'POST', path: 'calendar/events', check: writesSomeCalendar }),
  readEvent: definePolicy({ method: 'GET', path: 'calendar/events/:id', params: byEvent, check: seesEvent }),
  updateEvent: definePolicy({ method: 'PUT', path: 'calendar/events/:id', params: byEvent, check: editsEvent }),
  deleteEvent: definePolicy({ method: 'DELETE', path: 'calendar/events/:id', params: byEvent, check: editsEvent }),
  answerRsvp: definePolicy({ method: 'PUT', path: 'calendar/events/:id/rsvp', params: byEvent, check: seesEvent }),
  withdrawRsvp: definePolicy({ method: 'DELETE', path: 'calendar/events/:id/rsvp', params: byEvent, check: seesEvent }),
  listRsvps: definePolicy({ method: 'GET', path: 'calendar/events/:id/rsvps', params: byEvent, check: seesAnswers }),
};
