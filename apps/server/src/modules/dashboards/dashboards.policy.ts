import { z } from 'zod';
import { notFound } from '../../http/errors';
import { definePolicy, isSchoolAdmin, isStaff, type PolicyContext, zId } from '../../policy/policy';
import { isInAudience, parseAudience } from './dashboards.audience';
import { findBlock, findDashboard } from './dashboards.queries';

// Who may call the dashboards routes (issue 36 §2; docs/decisions/032-dashboards.md). Families,
// students and drivers: 403 on every route, whatever the id. Staff: a dashboard of no school of theirs
// (or no dashboard) 404, one whose audience leaves them out 403. Writing is for administrators.

const byDashboard = z.object({ id: zId });
const byBlock = z.object({ blockId: zId });
const byDashboardBlock = z.object({ id: zId, blockId: zId });

const noDashboard = () => notFound('There is no such dashboard in this school');
const noBlock = () => notFound('There is no such block in this dashboard');

/** Staff who are in the audience of the dashboard `id` (404 when the school has none). */
async function seesDashboard({ caller, db, org }: PolicyContext<unknown>, id: number): Promise<boolean> {
  if (!caller?.isStaff) return false;
  const dashboard = await findDashboard(db, org.id, id);
  if (!dashboard) throw noDashboard();
  return isInAudience(caller, parseAudience(dashboard.audience));
}

export const dashboardsPolicies = {
  /** GET dashboards: staff; each sees the dashboards whose audience holds them. */
  listDashboards: definePolicy({ method: 'GET', path: 'dashboards', check: isStaff }),
  createDashboard: definePolicy({ method: 'POST', path: 'dashboards', check: isSchoolAdmin }),
  /** GET dashboards/home: staff (its audience is checked as it is read: it may be made first). */
  readHome: definePolicy({ method: 'GET', path: 'dashboards/home', check: isStaff }),
  readDashboard: definePolicy({ method: 'GET', path: 'dashboards/:id', params: byDashboard, check: (ctx) => seesDashboard(ctx, ctx.params.id) }),
  /** PUT and DELETE: administrators (an id of no dashboard of theirs 404 from the service). */
  updateDashboard: definePolicy({ method: 'PUT', path: 'dashboards/:id', params: byDashboard, check: isSchoolAdmin }),
  deleteDashboard: definePolicy({ method: 'DELETE', path: 'dashboards/:id', params: byDashboard, check: isSchoolAdmin }),
  /** GET dashboards/blocks/{blockId}: the dashboard holding the block, for whoever sees that dashboard. */
  readBlockDashboard: definePolicy({
    method: 'GET',
    path: 'dashboards/blocks/:blockId',
    params: byBlock,
    check: async (ctx) => {
      if (!ctx.caller?.isStaff) return false;
      const block = await findBlock(ctx.db, ctx.org.id, ctx.params.blockId);
      if (!block) throw noBlock();
      return seesDashboard(ctx, block.dashboard_id);
    },
  }),
  /** A block's figures: whoever sees its dashboard; the kind's right and the group filter are the service's (403). */
  readBlockData: definePolicy({
    method: 'GET',
    path: 'dashboards/:id/blocks/:blockId/data',
    params: byDashboardBlock,
    check: async (ctx) => {
      if (!(await seesDashboard(ctx, ctx.params.id))) return false;
      const block = await findBlock(ctx.db, ctx.org.id, ctx.params.blockId);
      if (!block || block.dashboard_id !== ctx.params.id) throw noBlock();
      return true;
    },
  }),
};
