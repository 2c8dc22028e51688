import type { DashboardBlock, DashboardBlockData, DashboardBlockKind } from '@patio/core';
import type { Caller } from '../../../policy/policy';
import type { RequestContext } from '../../../http/context';

/** What every figure gets: a block, the period and group filter already checked against the viewer's reach. */
export interface FigureRequest {
  block: DashboardBlock;
  /** First and last day of the period (YYYY-MM-DD, school time zone, both included). */
  from: string;
  to: string;
  /** The group filter, already known to be in the viewer's reach; null: everything the viewer reaches. */
  node: { id: number; name: string } | null;
  /** The school's IANA time zone. */
  timeZone: string;
}

/** The figures of one block kind, computed under the viewer's rights (ctx.caller is signed in). */
export type Figure<K extends DashboardBlockKind> = (
  ctx: RequestContext & { caller: Caller },
  request: FigureRequest,
) => Promise<Extract<DashboardBlockData, { kind: K }>>;
