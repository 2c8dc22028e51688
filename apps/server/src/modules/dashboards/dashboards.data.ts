import type { DashboardBlockData, DashboardBlockKind } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { findNodes, reachesNode } from '../nodes/index';
import { timeZoneOf } from '../settings/index';
import { parseOptions } from './dashboards.audience';
import { resolvePeriod } from './dashboards.period';
import { findBlock } from './dashboards.queries';
import { maySeeKind } from './dashboards.rights';
import type { Figure } from './figures/figure';
import { figures } from './figures/index';

// GET dashboards/{id}/blocks/{blockId}/data (issue 36 §2): the figures of one block under the viewer's
// rights. The policy has checked that the viewer sees the dashboard and that the block is one of it;
// here, in order: the period (400 `bad_period`), the group filter (403 `forbidden_node` for a node the
// viewer does not reach, or no node of the school), the kind (403 `forbidden_block`), then the figure.

export interface DataQuery {
  from?: string;
  to?: string;
  node?: number;
}

export async function getBlockData(ctx: RequestContext, dashboardId: number, blockId: number, query: DataQuery): Promise<DashboardBlockData> {
  const caller = requireCaller(ctx);
  const row = await findBlock(ctx.db, ctx.org.id, blockId);
  if (!row || row.dashboard_id !== dashboardId) throw notFound('There is no such block in this dashboard');
  const kind = row.kind as DashboardBlockKind;
  const block = { id: row.id, kind, title: row.title, options: parseOptions(row.options) };
  const timeZone = timeZoneOf(ctx.org.settings);
  const { from, to } = resolvePeriod(block.options.period, timeZone, query);

  const nodeId = query.node ?? block.options.node;
  let node: { id: number; name: string } | null = null;
  if (nodeId !== null) {
    const found = (await findNodes(ctx.db, ctx.org.id)).find((n) => n.id === nodeId);
    if (!found || !(await reachesNode(ctx.db, caller, nodeId))) throw forbidden('forbidden_node', 'This group is out of your reach');
    node = { id: found.id, name: found.name };
  }

  const viewer = { ...ctx, caller };
  if (!(await maySeeKind(viewer, kind))) throw forbidden('forbidden_block', 'You may not see this kind of figure');
  const figure = figures[kind] as Figure<DashboardBlockKind>;
  return figure(viewer, { block, from, to, node, timeZone });
}
