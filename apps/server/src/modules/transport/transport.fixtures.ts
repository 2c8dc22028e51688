import type { TestPerson } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import type { World } from '../../test/world';

// Helpers of the transport tests (and the authorization table's transport rows).

/** A valid §3 report at `lat`,`lng` and device time `timestamp` (epoch seconds). */
export function reportAt(lat: number, lng: number, timestamp: number, extra: Record<string, unknown> = {}) {
  return { latitude: lat, longitude: lng, altitude: 2600, accuracy: 8, altitudeAccuracy: 5, heading: 0, speed: 8, timestamp, ...extra };
}

/** Ends whatever run route 1 has on, straight in the database (a test starts from a route at rest). */
export async function endRunsOf(t: TestApp, w: World, route = w.route): Promise<void> {
  await t.db
    .updateTable('transport_runs')
    .set({ active_key: null, finished_at: new Date().toISOString() })
    .where('org_id', '=', w.school.id)
    .where('node_id', '=', route)
    .where('active_key', 'is not', null)
    .execute();
}

/** Starts a fresh run of route 1 through the API as its driver; answers the run's id. */
export async function freshRun(t: TestApp, w: World, by: TestPerson = w.driver): Promise<number> {
  await endRunsOf(t, w);
  const res = await t.request({ method: 'POST', url: `/api/${w.school.code}/transport/routes/${w.route}/runs`, token: await t.signIn(by) });
  if (res.statusCode !== 201) throw new Error(`Could not start a run: ${res.statusCode} ${res.body}`);
  return res.json().id as number;
}

let clock = 0;
/** Device times that only grow, at least 2 s apart and close to now, for reports that must each be the live one. */
export function nextReportTime(): number {
  clock = Math.max(clock + 2, Math.floor(Date.now() / 1000) - 60);
  return clock;
}

/** POST geo/targets/{id}/position as `person`. */
export async function postReport(t: TestApp, w: World, person: TestPerson | null, body: unknown, targetId = w.targetId) {
  return t.request({
    method: 'POST',
    url: `/api/${w.school.code}/geo/targets/${targetId}/position`,
    token: person ? await t.signIn(person) : undefined,
    body,
  });
}
