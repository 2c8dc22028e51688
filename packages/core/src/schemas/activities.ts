import { z } from 'zod';
import { ZAmount, ZDay } from './billing';
import { ZId, ZIdText } from './ids';
import { ZTimeOfDay } from './notifications';

// Extracurricular activities (issue 37; docs/decisions/033-activities.md): a catalogue per term, each
// activity a node of type `activity` with its details, places and a waiting list of requests.

export const MAX_ACTIVITY_NAME = 120;
export const MAX_ACTIVITY_PLACE = 200;
export const MAX_ACTIVITY_PLACES = 10_000;
export const MAX_ACTIVITY_SLOTS = 14;
export const MAX_ACTIVITY_PERIODS = 24;
export const MAX_ACTIVITY_DESCRIPTION_BYTES = 100_000;

const noNul = (text: string) => !text.includes('\u0000');
const ZText = (max: number) => z.string().trim().min(1).max(max).refine(noNul, 'No NUL characters');
const ZRef = z.object({ id: ZId, name: z.string() });

/** A weekly slot: ISO weekday (1 Monday … 7 Sunday) and times in the school's zone; `end` after `start` (else 400 `bad_schedule`). */
export const ZActivitySlot = z.strictObject({ day: z.number().int().min(1).max(7), start: ZTimeOfDay, end: ZTimeOfDay });
export type ActivitySlot = z.infer<typeof ZActivitySlot>;

/** A billing period of the activity: what its debit is named and when it falls due. */
export const ZActivityPeriod = z.strictObject({ label: ZText(80), dueDate: ZDay });

/** Body of POST activities and PUT activities/{id} (administrators). */
export const ZActivityInput = z.strictObject({
  name: ZText(MAX_ACTIVITY_NAME),
  description: z.string().max(MAX_ACTIVITY_DESCRIPTION_BYTES).refine(noNul, 'No NUL characters').default('').describe('HTML; sanitised when stored'),
  termFrom: ZDay,
  termTo: ZDay.describe('On or after termFrom (else 400 `bad_term`)'),
  schedule: z.array(ZActivitySlot).min(1).max(MAX_ACTIVITY_SLOTS),
  place: z.string().trim().max(MAX_ACTIVITY_PLACE).refine(noNul).default(''),
  places: z.number().int().min(1).max(MAX_ACTIVITY_PLACES).describe('Capacity; below the accepted count: 409 `capacity_below_accepted`'),
  eligibleNodeIds: z.array(ZId).min(1).max(200).describe('Grades or groups: a current student of one of them (or of a node below) is eligible'),
  price: ZAmount.describe('Per period, in minor units of the school currency; 0 is free'),
  periods: z.array(ZActivityPeriod).max(MAX_ACTIVITY_PERIODS).default([]),
  leaderId: ZId.describe('A person of the school: staff or an outside instructor'),
  routeId: ZId.nullable().default(null).describe('Optional bus route'),
});
export type ActivityInput = z.input<typeof ZActivityInput>;

/** `offered`: a freed place offered to the first of the waiting list, held until `offerExpiresAt` for the family to confirm. */
export const REQUEST_STATUSES = ['pending', 'waiting', 'offered', 'accepted', 'rejected', 'withdrawn'] as const;
/** How long a family has to confirm an offered place. */
export const ACTIVITY_OFFER_HOURS = 48;
const ZOfferExpiresAt = z.number().int().nullable().optional().describe('epoch ms; only while `offered`: the offer lapses then and passes to the next');
export const ZRequestStatus = z.enum(REQUEST_STATUSES);
export type RequestStatus = z.infer<typeof ZRequestStatus>;

/** A request as its family sees it; `position` only while waiting (1 is next). */
export const ZActivityRequestState = z.object({ id: ZId, status: ZRequestStatus, position: z.number().int().nullable(), offerExpiresAt: ZOfferExpiresAt });

/** One activity of GET activities or GET activities/{id}. */
export const ZActivity = z.object({
  id: ZId.describe("The activity's node id"),
  name: z.string(),
  description: z.string().describe('Sanitised HTML'),
  termFrom: ZDay,
  termTo: ZDay,
  schedule: z.array(ZActivitySlot),
  place: z.string(),
  places: z.number().int(),
  /** places − accepted − pending − offered, never below 0. */
  placesLeft: z.number().int(),
  waiting: z.number().int(),
  eligible: z.array(ZRef),
  price: z.number().int(),
  currency: z.string(),
  periods: z.array(z.object({ label: z.string(), dueDate: ZDay })),
  leader: ZRef,
  route: ZRef.nullable(),
  /** A parent-like relative: each of their children, eligible or not, and the child's request. Others: []. */
  children: z.array(z.object({ student: ZRef, eligible: z.boolean(), request: ZActivityRequestState.nullable() })),
});
export type Activity = z.infer<typeof ZActivity>;

export const ZActivitiesQuery = z.object({ term: ZDay.optional().describe("A day inside the term (default today in the school's zone)") });

/** Body of POST activities/{id}/requests. */
export const ZActivityRequestInput = z.strictObject({ student: ZId });
/** Answer of POST activities/{id}/requests (201). */
export const ZActivityRequestCreated = ZActivityRequestState.extend({
  warnings: z.array(z.enum(['schedule_overlap'])).describe("schedule_overlap: the student's accepted or pending activities meet at the same time"),
});

/** Body of PUT activities/{id}/requests/{requestId} (administrators). */
export const ZActivityDecision = z.strictObject({ status: z.enum(['accepted', 'rejected']) });

/** One request in the administrators' list GET activities/{id}/requests (waiting ones in position order). */
export const ZActivityRequest = z.object({
  id: ZId,
  student: ZRef,
  group: ZRef.nullable(),
  requestedBy: ZRef,
  status: ZRequestStatus,
  position: z.number().int().nullable(),
  offerExpiresAt: ZOfferExpiresAt,
  createdAt: z.number().int().describe('epoch ms'),
});
export type ActivityRequest = z.infer<typeof ZActivityRequest>;

export const ZActivityRequestParams = z.object({ id: ZIdText, requestId: ZIdText });

/** GET and PUT settings/activities: the school's activity rules. */
export const ZActivitySettings = z.strictObject({
  studentsRequest: z.boolean().describe('Students may request places for themselves and withdraw their own requests (default false: only parent-like relatives)'),
});
export type ActivitySettings = z.infer<typeof ZActivitySettings>;

/** Query of GET activities/{id}/sessions: days, both included (default: the whole term). */
export const ZActivitySessionsQuery = z.object({
  from: ZDay.optional().describe('First day (default the first of the term)'),
  to: ZDay.optional().describe('Last day (default the last of the term); at most 400 days after `from`'),
});

/** One session of an activity: a day of its weekly schedule within its term, and whether its roll was taken. */
export const ZActivitySession = z.object({
  date: ZDay,
  slots: z.array(z.object({ start: ZTimeOfDay, end: ZTimeOfDay })).describe("That weekday's slots, in the school's zone"),
  rollTaken: z.boolean().describe("Some student of the activity has a mark on that day in the activity's roll"),
});
export type ActivitySession = z.infer<typeof ZActivitySession>;
