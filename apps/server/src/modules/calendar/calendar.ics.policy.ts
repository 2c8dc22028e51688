import { z } from 'zod';
import { notFound } from '../../http/errors';
import { always, definePolicy, isSelf, zId } from '../../policy/policy';
import { canSeeEvent } from './calendar.access';

// Who may take events out as ICS (docs/decisions/015-calendar-feeds-and-ics.md): an event's file is
// for whoever sees the event (404 for anyone else, so ids are no oracle); a private address is its
// person's to create, reset and revoke; the address itself is read without a token, its secret
// being the credential (checked by the service).

export const calendarIcsPolicies = {
  /** GET calendar/events/{id}/ics: the event's readers. */
  downloadEvent: definePolicy({
    method: 'GET',
    path: 'calendar/events/:id/ics',
    params: z.object({ id: zId }),
    check: async ({ caller, db, params }) => {
      if (!caller || !(await canSeeEvent(db, caller, params.id))) throw notFound('There is no such event, or it is not on a calendar you see');
      return true;
    },
  }),
  readSubscription: definePolicy({ method: 'GET', path: 'people/:id/calendar/subscription', params: z.object({ id: zId }), check: isSelf }),
  createSubscription: definePolicy({ method: 'POST', path: 'people/:id/calendar/subscription', params: z.object({ id: zId }), check: isSelf }),
  revokeSubscription: definePolicy({ method: 'DELETE', path: 'people/:id/calendar/subscription', params: z.object({ id: zId }), check: isSelf }),
  /** GET calendar/subscriptions/{secret}.ics: calendar apps send no token; the secret decides (404 when wrong). */
  subscriptionFile: definePolicy({
    method: 'GET',
    path: 'calendar/subscriptions/:file',
    params: z.object({ file: z.string().max(200) }),
    public: true,
    check: always,
  }),
};
