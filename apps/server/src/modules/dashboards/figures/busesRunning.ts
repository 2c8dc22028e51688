import { findNodes, subtreeIds } from '../../nodes/index';
import { listRoutes } from '../../transport/index';
import type { Figure } from './figure';

// Buses on the road now (issue 36 §2; Inicio): the routes the viewer sees (the transport area's own
// list) whose run has started and not finished, with when their bus last reported its position. The
// group filter keeps the routes in its subtree; the period does not apply (it is "now").

/** More routes than any school runs: the list is read in one page. */
const ROUTES_PAGE = 500;

export const busesRunningFigure: Figure<'busesRunning'> = async (ctx, request) => {
  const { items } = await listRoutes(ctx, { page: 1, limit: ROUTES_PAGE });
  const scope = request.node && new Set(subtreeIds(await findNodes(ctx.db, ctx.org.id), request.node.id));
  const running = items.filter((r) => r.run !== null && r.run.finishedAt === null && (!scope || scope.has(r.id)));
  return {
    kind: 'busesRunning',
    routes: running.map((r) => ({
      id: r.id,
      name: r.name,
      // The transport area counts in epoch seconds; dashboards answer epoch ms.
      startedAt: r.run!.startedAt * 1000,
      lastPositionAt: r.lastPosition ? Math.round(r.lastPosition.receivedAt * 1000) : null,
    })),
  };
};
