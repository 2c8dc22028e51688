import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { findOrgByCode } from '../org/org.queries';
import type { Org } from '../../policy/policy';
import { forgetRoute, targetEntry } from './transport.cache';
import { freshRun } from './transport.fixtures';

// The ingest's memory of a tracked bus (transport.cache.ts): an old entry is read again in the
// background while reports go on with it, so a fleet whose entries age together never waits for them.
describeOnDatabases('transport: the target cache', (t) => {
  let w: World;
  let org: Org;
  const setMonitor = (id: number | null) =>
    t.db.updateTable('transport_routes').set({ monitor_id: id }).where('org_id', '=', w.school.id).where('node_id', '=', w.route).execute();

  beforeAll(async () => {
    w = await makeWorld(t);
    org = (await findOrgByCode(t.db, w.school.code))!;
  });
  afterEach(() => vi.restoreAllMocks());

  it('answers an old entry at once and has the new one for the next report', async () => {
    await freshRun(t, w);
    const first = await targetEntry(t.db, org, w.targetId);
    expect(first?.monitorId).toBeNull();
    await setMonitor(w.employee.id);
    // Within its time the entry is trusted.
    expect((await targetEntry(t.db, org, w.targetId))?.monitorId).toBeNull();

    const later = Date.now() + 10 * 60_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    expect(await targetEntry(t.db, org, w.targetId)).toBe(first);
    await vi.waitFor(async () => expect((await targetEntry(t.db, org, w.targetId))?.monitorId).toBe(w.employee.id));
    await setMonitor(null);
  });

  it('never puts back what forgetRoute dropped while it was reading', async () => {
    await freshRun(t, w);
    const first = await targetEntry(t.db, org, w.targetId);
    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 10 * 60_000);
    // The background read starts, then the route is forgotten before it lands.
    expect(await targetEntry(t.db, org, w.targetId)).toBe(first);
    forgetRoute(t.db, w.school.id, w.route);
    await setMonitor(w.employee.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await targetEntry(t.db, org, w.targetId))?.monitorId).toBe(w.employee.id);
    await setMonitor(null);
  });

  it('does not keep a first read that a forgetRoute overtook', async () => {
    await freshRun(t, w);
    // The read is under way when the route is forgotten (its crew changed): it answers, but is not kept.
    const reading = targetEntry(t.db, org, w.targetId);
    forgetRoute(t.db, w.school.id, w.route);
    const first = await reading;
    expect(first).not.toBeNull();
    expect(await targetEntry(t.db, org, w.targetId)).not.toBe(first);
  });
});
