import { addDays, localDateOf } from '@patio/core/calendar/times';
import {
  DASHBOARD_PERIODS,
  ZDashboardBlockOptions,
  type Dashboard,
  type DashboardBlock,
  type DashboardBlockKind,
  type DashboardBlockOptions,
  type DashboardInput,
  type DashboardPeriod,
} from '@patio/core/schemas/dashboards';
import { ZDay } from '@patio/core/schemas/billing';
import { ZIdText } from '@patio/core/schemas/ids';

/** A preset period, or dates the reader picked. */
export type PeriodChoice = DashboardPeriod | 'custom';

/** What a block's filter row holds; `from`/`to` matter only for a custom period. */
export interface BlockFilter {
  period: PeriodChoice;
  from: string | null;
  to: string | null;
  node: number | null;
}

/** The filter the address asks for (`?period=`, `?from=&to=`, `?node=`): a route's params reach every block. */
export type AddressFilter = Partial<BlockFilter>;

/** Kinds whose figures cover a period; the others are a count of now (registrations, buses) or of a form. */
const PERIOD_KINDS: ReadonlySet<DashboardBlockKind> = new Set(['attendance', 'rollsNotTaken', 'billing', 'payments', 'readRate', 'classroomCompletion']);
/** Kinds the group filter narrows (their figures name the node applied). */
const NODE_KINDS: ReadonlySet<DashboardBlockKind> = new Set(['attendance', 'rollsNotTaken', 'billing', 'payments', 'classroomCompletion']);

export const usesPeriod = (kind: DashboardBlockKind) => PERIOD_KINDS.has(kind);
export const usesNode = (kind: DashboardBlockKind) => NODE_KINDS.has(kind);

/** Today in the school's zone: a dashboard's "today" is the school's, not the device's. */
export function todayOf(timeZone: string, now = Date.now()): string {
  return localDateOf(Math.floor(now / 1000), timeZone);
}

/** First and last day of a preset period ending today (both included). */
export function rangeOf(period: DashboardPeriod, today: string): { from: string; to: string } {
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case 'last7Days':
      return { from: addDays(today, -6), to: today };
    case 'last30Days':
      return { from: addDays(today, -29), to: today };
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

const isPeriod = (value: string | null): value is DashboardPeriod => (DASHBOARD_PERIODS as readonly string[]).includes(value ?? '');

/** The filter of the address; what is malformed is left out, so the block's own default applies. */
export function addressFilterOf(search: URLSearchParams): AddressFilter {
  const out: AddressFilter = {};
  const node = ZIdText.safeParse(search.get('node') ?? '');
  if (node.success) out.node = node.data;
  const from = ZDay.safeParse(search.get('from') ?? '');
  const to = ZDay.safeParse(search.get('to') ?? '');
  if (from.success && to.success) Object.assign(out, { period: 'custom', from: from.data, to: to.data });
  else if (isPeriod(search.get('period'))) out.period = search.get('period') as DashboardPeriod;
  return out;
}

/** A block's filter at first: the address's, else the block's defaults. */
export function initialFilterOf(block: DashboardBlock, address: AddressFilter): BlockFilter {
  return {
    period: address.period ?? block.options.period,
    from: address.from ?? null,
    to: address.to ?? null,
    node: address.node !== undefined ? address.node : block.options.node,
  };
}

/** The data query of a filter (null while custom dates are incomplete); only what the kind uses is sent. */
export function dataQueryOf(kind: DashboardBlockKind, filter: BlockFilter, today: string): Record<string, string> | null {
  const query: Record<string, string> = {};
  if (usesPeriod(kind)) {
    if (filter.period === 'custom') {
      if (!filter.from || !filter.to) return null;
      Object.assign(query, { from: filter.from, to: filter.to });
    } else Object.assign(query, rangeOf(filter.period, today));
  }
  if (usesNode(kind) && filter.node !== null) query.node = String(filter.node);
  return query;
}

/** A new block's options: the contract's defaults (a readRate block starts on the latest urgent posts). */
export function defaultOptionsOf(kind: DashboardBlockKind): DashboardBlockOptions {
  const options = ZDashboardBlockOptions.parse({});
  return kind === 'readRate' ? { ...options, postType: 'urgent_notice', period: 'last7Days' } : options;
}

/** Options keep only what the kind uses (the contract asks the others to be null). */
export function optionsFor(kind: DashboardBlockKind, options: DashboardBlockOptions): DashboardBlockOptions {
  return {
    ...options,
    node: usesNode(kind) ? options.node : null,
    postId: kind === 'readRate' ? options.postId : null,
    postType: kind === 'readRate' && options.postId === null ? options.postType : null,
    formId: kind === 'formResults' ? options.formId : null,
  };
}

/** What a block still lacks before it can be saved: the translation key of the problem, or null. */
export function blockProblemOf(kind: DashboardBlockKind, options: DashboardBlockOptions): string | null {
  // postId 0: "one post" chosen, its number not given yet.
  if (kind === 'readRate' && (options.postId !== null ? options.postId < 1 : !options.postType)) return 'dashboardScreens.errors.needPost';
  if (kind === 'formResults' && options.formId === null) return 'dashboardScreens.errors.needForm';
  return null;
}

/** A block being edited: an id once the server has it. */
export interface DraftBlock {
  key: string;
  id?: number;
  kind: DashboardBlockKind;
  title: string;
  options: DashboardBlockOptions;
}

export interface DraftDashboard {
  title: string;
  audience: Dashboard['audience'];
  blocks: DraftBlock[];
}

export function draftOf(dashboard: Dashboard | null): DraftDashboard {
  if (!dashboard) return { title: '', audience: [], blocks: [] };
  return {
    title: dashboard.title ?? '',
    audience: [...dashboard.audience],
    blocks: dashboard.blocks.map((block) => ({ key: `b${block.id}`, id: block.id, kind: block.kind, title: block.title ?? '', options: block.options })),
  };
}

/** The body of POST/PUT: the whole dashboard, blocks in display order. Inicio's title is sent but kept null by the server. */
export function inputOf(draft: DraftDashboard, homeTitle: string | null): DashboardInput {
  return {
    title: homeTitle ?? draft.title.trim(),
    audience: draft.audience,
    blocks: draft.blocks.map((block) => ({
      ...(block.id !== undefined ? { id: block.id } : {}),
      kind: block.kind,
      title: block.title.trim() === '' ? null : block.title.trim(),
      options: optionsFor(block.kind, block.options),
    })),
  };
}

/** The dashboard's blocks as a PUT body, with one block replaced (`replace`) or removed (null). */
export function inputWithBlock(dashboard: Dashboard, blockId: number, replace: DraftBlock | null, homeTitle: string): DashboardInput {
  const draft = draftOf(dashboard);
  draft.blocks = draft.blocks.flatMap((block) => (block.id !== blockId ? [block] : replace ? [replace] : []));
  return inputOf(draft, dashboard.home ? homeTitle : null);
}
