import { z } from 'zod';
import { ZDay } from './billing';
import { ZId, ZIdText } from './ids';

// Dashboards (issue 36 §2; docs/decisions/032-dashboards.md): a titled page of data blocks for an
// audience of staff. Every block's figures are computed by the server under the viewer's rights.

/** What a data block shows. */
export const DASHBOARD_BLOCK_KINDS = [
  'attendance',
  'rollsNotTaken',
  'pendingRegistrations',
  'billing',
  'payments',
  'readRate',
  'formResults',
  'classroomCompletion',
  'busesRunning',
] as const;
export const ZDashboardBlockKind = z.enum(DASHBOARD_BLOCK_KINDS);
export type DashboardBlockKind = z.infer<typeof ZDashboardBlockKind>;

/** A block's default period, counted back from today in the school's time zone (today included). */
export const DASHBOARD_PERIODS = ['today', 'last7Days', 'last30Days', 'thisYear'] as const;
export const ZDashboardPeriod = z.enum(DASHBOARD_PERIODS);
export type DashboardPeriod = z.infer<typeof ZDashboardPeriod>;

/** Staff besides administrators (who always see every dashboard) a dashboard is for. */
export const DASHBOARD_AUDIENCES = ['teachers', 'employees'] as const;
export const ZDashboardAudience = z.array(z.enum(DASHBOARD_AUDIENCES)).max(DASHBOARD_AUDIENCES.length);

export const MAX_DASHBOARD_TITLE = 120;
export const MAX_DASHBOARD_BLOCKS = 24;
/** The longest period a block's figures may cover. */
export const MAX_DASHBOARD_RANGE_DAYS = 366;
/** Most posts a read-rate block lists. */
export const MAX_READ_RATE_POSTS = 20;

const noNul = (text: string) => !text.includes('\u0000');
const ZTitle = z.string().trim().min(1).max(MAX_DASHBOARD_TITLE).refine(noNul, 'No NUL characters');
const ZRef = z.object({ id: ZId, name: z.string() });

/**
 * A block's options. `period` and `node` are the filter's defaults (the data query may override them);
 * `postId` or `postType` pick the posts of a readRate block (one of them is required there), `formId` the
 * form of a formResults block (required there). Options a kind does not use must be null.
 */
export const ZDashboardBlockOptions = z.strictObject({
  period: ZDashboardPeriod.default('last30Days'),
  node: ZId.nullable().default(null).describe('Group filter: a node of the school (its subtree counts), or null for all the viewer reaches'),
  postId: ZId.nullable().default(null).describe('readRate: one post'),
  postType: z.string().min(1).max(60).refine(noNul).nullable().default(null).describe('readRate: the latest posts of this type (e.g. urgent)'),
  formId: ZId.nullable().default(null).describe('formResults: the form'),
  limit: z.number().int().min(1).max(MAX_READ_RATE_POSTS).default(5).describe('readRate with postType: how many of the latest posts'),
});
export type DashboardBlockOptions = z.infer<typeof ZDashboardBlockOptions>;

export const ZDashboardBlock = z.object({
  id: ZId,
  kind: ZDashboardBlockKind,
  /** null: the kind's name in the reader's language. */
  title: z.string().nullable(),
  options: ZDashboardBlockOptions,
});
export type DashboardBlock = z.infer<typeof ZDashboardBlock>;

/** A block in POST/PUT: without `id` it is new; with one it must be a block of this dashboard (else 400 `unknown_block`). */
export const ZDashboardBlockInput = z.strictObject({
  id: ZId.optional(),
  kind: ZDashboardBlockKind,
  title: ZTitle.nullable().default(null),
  options: ZDashboardBlockOptions.default(ZDashboardBlockOptions.parse({})),
});
export type DashboardBlockInput = z.input<typeof ZDashboardBlockInput>;

/** Body of POST dashboards and PUT dashboards/{id}: the whole dashboard; blocks in display order, omitted ones are deleted. */
export const ZDashboardInput = z.strictObject({
  title: ZTitle,
  audience: ZDashboardAudience.default([]),
  blocks: z.array(ZDashboardBlockInput).max(MAX_DASHBOARD_BLOCKS).default([]),
});
export type DashboardInput = z.input<typeof ZDashboardInput>;

/** A dashboard as read. A PUT of the home dashboard (Inicio) keeps its title null: it is always "Inicio" translated. */
export const ZDashboard = z.object({
  id: ZId,
  /** null on the home dashboard: "Inicio" in the reader's language. */
  title: z.string().nullable(),
  /** Inicio, the admin home: one per school, seeded for every school, never deleted (409 `home_dashboard`). */
  home: z.boolean(),
  audience: ZDashboardAudience,
  blocks: z.array(ZDashboardBlock),
  /** Administrators. */
  mayEdit: z.boolean(),
  updatedAt: z.number().int().describe('epoch ms'),
});
export type Dashboard = z.infer<typeof ZDashboard>;

/** One item of GET dashboards (those the caller may see, Inicio first). */
export const ZDashboardSummary = ZDashboard.pick({ id: true, title: true, home: true, audience: true, mayEdit: true, updatedAt: true }).extend({
  blocks: z.number().int(),
});
export type DashboardSummary = z.infer<typeof ZDashboardSummary>;

/** GET dashboards/{id}/blocks/{blockId}/data?from=&to=&node= (each optional: the block's defaults). */
export const ZDashboardDataQuery = z.object({
  from: ZDay.optional(),
  to: ZDay.optional(),
  node: ZIdText.optional(),
});

const ZRange = { from: ZDay, to: ZDay };
const ZRateCounts = {
  present: z.number().int(),
  absent: z.number().int(),
  late: z.number().int(),
  excused: z.number().int(),
  /** (present + late) ÷ marks, 0–1; null without marks. */
  rate: z.number().nullable(),
};

/** The figures of a block, by kind. `node` is the group filter applied (null: all the viewer reaches). */
export const ZDashboardBlockData = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('attendance'), ...ZRange, node: ZRef.nullable(), groups: z.array(z.object({ node: ZRef, ...ZRateCounts })), total: z.object(ZRateCounts) }),
  z.object({
    kind: z.literal('rollsNotTaken'),
    /** The `to` day: rolls are counted on one day. */
    day: ZDay,
    node: ZRef.nullable(),
    expected: z.number().int().describe('Class rolls due that day in reach'),
    missing: z.array(z.object({ node: ZRef, checkpointId: ZId })),
  }),
  z.object({ kind: z.literal('pendingRegistrations'), count: z.number().int(), oldestAt: z.number().int().nullable().describe('epoch ms') }),
  z.object({
    kind: z.literal('billing'),
    ...ZRange,
    node: ZRef.nullable(),
    currency: z.string(),
    /** Applied payments received in the period. */
    collected: z.number().int(),
    /** Outstanding today of the debits issued in the period. */
    owed: z.number().int(),
    /** The part of `owed` past its expiration date. */
    overdue: z.number().int(),
  }),
  z.object({ kind: z.literal('payments'), ...ZRange, node: ZRef.nullable(), currency: z.string(), count: z.number().int(), amount: z.number().int() }),
  z.object({
    kind: z.literal('readRate'),
    posts: z.array(
      z.object({
        id: ZId,
        title: z.string(),
        type: z.string(),
        publishedAt: z.number().int().describe('epoch ms'),
        recipients: z.number().int(),
        read: z.number().int(),
        /** read ÷ recipients, 0–1; null without recipients. */
        rate: z.number().nullable(),
      }),
    ),
  }),
  z.object({
    kind: z.literal('formResults'),
    form: ZRef,
    answered: z.number().int(),
    /** People asked who have not answered; null where the form has no audience to count. */
    pending: z.number().int().nullable(),
    fields: z.array(
      z.object({
        name: z.string(),
        title: z.string(),
        type: z.string(),
        /** select and checkbox: answers per choice; text fields: null (only the count of answers). */
        choices: z.array(z.object({ label: z.string(), count: z.number().int() })).nullable(),
        answers: z.number().int(),
      }),
    ),
  }),
  z.object({
    kind: z.literal('classroomCompletion'),
    ...ZRange,
    node: ZRef.nullable(),
    /** Tasks due in the period per group: turn-ins ÷ (tasks × current students). */
    groups: z.array(z.object({ node: ZRef, tasks: z.number().int(), students: z.number().int(), handedIn: z.number().int(), rate: z.number().nullable() })),
  }),
  z.object({
    kind: z.literal('busesRunning'),
    routes: z.array(z.object({ id: ZId, name: z.string(), startedAt: z.number().int().describe('epoch ms'), lastPositionAt: z.number().int().nullable() })),
  }),
]);
export type DashboardBlockData = z.infer<typeof ZDashboardBlockData>;
