import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

// The SQL of approach alerts and their once-per-run sends (issue 13; migration 016's transport_alerts
// and transport_alert_sends).

/** Rows per multi-row INSERT: well inside SQLite's parameter limit at 5 columns. */
const INSERT_BATCH = 500;

export interface AlertRow {
  person_id: number;
  stop_id: number;
  meters: number | null;
  minutes: number | null;
}

/** The caller's alert on one route, if they ever saved one. */
export async function findAlert(db: Database, orgId: number, personId: number, routeId: number): Promise<AlertRow | undefined> {
  return await db
    .selectFrom('transport_alerts')
    .select(['person_id', 'stop_id', 'meters', 'minutes'])
    .where(scopedToOrg(orgId))
    .where('person_id', '=', personId)
    .where('node_id', '=', routeId)
    .executeTakeFirst();
}

/** The alerts of a route that are on (a distance or a time chosen). */
export async function findRouteAlerts(db: Database, orgId: number, routeId: number): Promise<AlertRow[]> {
  return await db
    .selectFrom('transport_alerts')
    .select(['person_id', 'stop_id', 'meters', 'minutes'])
    .where(scopedToOrg(orgId))
    .where('node_id', '=', routeId)
    .where((eb) => eb.or([eb('meters', 'is not', null), eb('minutes', 'is not', null)]))
    .orderBy('person_id')
    .execute();
}

export async function saveAlert(
  db: Database,
  orgId: number,
  personId: number,
  routeId: number,
  alert: { stopId: number; meters: number | null; minutes: number | null },
): Promise<void> {
  const now = new Date().toISOString();
  const values = { stop_id: alert.stopId, meters: alert.meters, minutes: alert.minutes, updated_at: now };
  await db
    .insertInto('transport_alerts')
    .values({ org_id: orgId, person_id: personId, node_id: routeId, ...values })
    .onConflict((oc) => oc.columns(['org_id', 'person_id', 'node_id']).doUpdateSet(values))
    .execute();
}

/**
 * Records that `kind` goes to these people on the run, each once: answers those it was not recorded
 * for before (two processes, or twenty reports at once, write it for one of them only).
 */
export async function insertAlertSends(db: Database, orgId: number, runId: number, personIds: readonly number[], kind: 'approaching' | 'delayed'): Promise<number[]> {
  const now = new Date().toISOString();
  const ids = [...new Set(personIds)];
  const inserted: number[] = [];
  for (let i = 0; i < ids.length; i += INSERT_BATCH) {
    const rows = await db
      .insertInto('transport_alert_sends')
      .values(ids.slice(i, i + INSERT_BATCH).map((personId) => ({ org_id: orgId, run_id: runId, person_id: personId, kind, sent_at: now })))
      .onConflict((oc) => oc.columns(['org_id', 'run_id', 'person_id', 'kind']).doNothing())
      .returning('person_id')
      .execute();
    inserted.push(...rows.map((r) => r.person_id));
  }
  return inserted;
}
