import { type DashboardBlockKind, type DashboardBlockOptions, ZDashboardBlockOptions } from '@patio/core';
import type { Database } from '../../db/database';
import { findHomeDashboard, insertBlocks, insertHomeDashboard, type DashboardRow } from './dashboards.queries';

// Inicio, the admin home (issue 36 §2): a dashboard every school has, made the first time anyone needs
// it rather than by a migration or at school creation, so schools made before it and schools made by
// any path get it alike. Twenty first readers at once make one: the partial unique index (org_id where
// home = 1) lets one insert through, and the dashboard and its blocks are written in one transaction,
// so a reader that finds the home finds it whole.

const block = (kind: DashboardBlockKind, options: Partial<DashboardBlockOptions> = {}) => ({ kind, title: null, options: JSON.stringify(ZDashboardBlockOptions.parse(options)) });

/** Inicio's blocks, in order: today's attendance and missing rolls, pending registrations, today's payments, urgent posts' read rate, buses running. */
export const HOME_BLOCKS = [
  block('attendance', { period: 'today' }),
  block('rollsNotTaken', { period: 'today' }),
  block('pendingRegistrations'),
  block('payments', { period: 'today' }),
  block('readRate', { postType: 'urgent_notice', limit: 5, period: 'last7Days' }),
  block('busesRunning'),
];

/** Staff Inicio is for besides administrators. */
export const HOME_AUDIENCE = ['teachers', 'employees'] as const;

/** The school's home dashboard, made with its seeded blocks when missing. */
export async function ensureHomeDashboard(db: Database, orgId: number): Promise<DashboardRow> {
  const existing = await findHomeDashboard(db, orgId);
  if (existing) return existing;
  await db.transaction().execute(async (trx) => {
    const id = await insertHomeDashboard(trx, orgId, { audience: JSON.stringify(HOME_AUDIENCE), now: new Date().toISOString() });
    if (id !== null) await insertBlocks(trx, orgId, id, HOME_BLOCKS.map((b, position) => ({ ...b, position })));
  });
  const home = await findHomeDashboard(db, orgId);
  if (!home) throw new Error('The home dashboard vanished as it was made');
  return home;
}
