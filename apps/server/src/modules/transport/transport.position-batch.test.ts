import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { freshRun, nextReportTime } from './transport.fixtures';
import { type PositionWrite, writePosition } from './transport.position-batch';
import { insertTarget, type NewPosition } from './transport.queries';

// Group commit of the ingest (transport.position-batch.ts): the writes of one turn of the event loop
// share a transaction, yet each gets its own outcome, and a failed batch loses and half-writes nothing.
describeOnDatabases('transport: position writes in one transaction', (t) => {
  let w: World;

  const positionAt = (runId: number, timestamp: number): NewPosition => ({
    targetId: w.targetId,
    runId,
    reporterId: w.driver.id,
    latitude: 4.686,
    longitude: -74.05,
    altitude: null,
    accuracy: 8,
    altitudeAccuracy: null,
    heading: null,
    speed: 8,
    timestamp,
    receivedAt: new Date().toISOString(),
  });
  const swapTo = (runId: number, timestamp: number, expected: number | null): PositionWrite['swap'] => ({
    expected: { lastTimestamp: expected, runId },
    next: { lastTimestamp: timestamp, lastPosition: '{}', receivedAt: new Date().toISOString(), speedAvg: null, nextStopIndex: 0, runId, etas: '[]' },
  });
  const stateOf = () => t.db.selectFrom('geo_targets').select(['last_timestamp', 'run_id']).where('org_id', '=', w.school.id).where('id', '=', w.targetId).executeTakeFirstOrThrow();
  const timestampsOf = async (runId: number) =>
    (await t.db.selectFrom('geo_positions').select('timestamp').where('org_id', '=', w.school.id).where('run_id', '=', runId).orderBy('id').execute()).map((r) => r.timestamp);

  beforeAll(async () => {
    w = await makeWorld(t);
  });

  it('answers each write of a turn on its own: the first swap wins, a second from the same state loses and stores nothing', async () => {
    const runId = await freshRun(t, w);
    const [a, b, c] = [nextReportTime(), nextReportTime(), nextReportTime()];
    const write = (swap: PositionWrite['swap'], timestamp: number) => writePosition(t.db, { orgId: w.school.id, targetId: w.targetId, swap, position: positionAt(runId, timestamp) });
    const outcomes = await Promise.all([write(swapTo(runId, b, null), b), write(swapTo(runId, c, null), c), write(null, a)]);
    expect(outcomes).toEqual([{ live: true, id: expect.anything() }, { live: false, id: null }, { live: false, id: expect.anything() }]);
    expect(await stateOf()).toEqual({ last_timestamp: b, run_id: runId });
    expect(await timestampsOf(runId)).toEqual([b, a]);
    const rows = await t.db.selectFrom('geo_positions').select(['id', 'timestamp']).where('org_id', '=', w.school.id).where('run_id', '=', runId).execute();
    expect(rows.find((r) => r.timestamp === b)!.id).toEqual(outcomes[0].id);
    expect(rows.find((r) => r.timestamp === a)!.id).toEqual(outcomes[2].id);
  });

  it('swaps several targets in one statement, each against its own expected state', async () => {
    const runId = await freshRun(t, w);
    const others = await Promise.all([1, 2, 3].map((n) => insertTarget(t.db, w.school.id, { name: `Batch ${n}`, nodeId: null })));
    const at = nextReportTime();
    // A new target has no run in its state; route 1's has the run just started.
    const write = (targetId: number, expected: number | null) => {
      const swap = swapTo(runId, at, expected)!;
      if (targetId !== w.targetId) swap.expected.runId = null;
      return writePosition(t.db, { orgId: w.school.id, targetId, swap, position: { ...positionAt(runId, at), targetId } });
    };
    // The third expects a state its target does not have: it loses; the others win.
    const outcomes = await Promise.all([write(others[0], null), write(w.targetId, null), write(others[1], at - 10), write(others[2], null)]);
    expect(outcomes.map((o) => o.live)).toEqual([true, true, false, true]);
    const states = await t.db.selectFrom('geo_targets').select(['id', 'last_timestamp']).where('org_id', '=', w.school.id).where('id', 'in', [...others, w.targetId]).execute();
    expect(Object.fromEntries(states.map((r) => [r.id, r.last_timestamp]))).toEqual({ [others[0]]: at, [w.targetId]: at, [others[1]]: null, [others[2]]: at });
    const stored = await t.db.selectFrom('geo_positions').select(['id', 'target_id']).where('org_id', '=', w.school.id).where('run_id', '=', runId).execute();
    expect(stored).toHaveLength(3);
    for (const [i, target] of [others[0], w.targetId, others[2]].entries()) {
      expect(stored.find((r) => r.target_id === target)!.id).toEqual(outcomes[[0, 1, 3][i]].id);
    }
  });

  it('writes each report alone when its batch fails: the bad one fails, the others are stored once', async () => {
    const runId = await freshRun(t, w);
    const [a, b, c] = [nextReportTime(), nextReportTime(), nextReportTime()];
    const write = (swap: PositionWrite['swap'], position: NewPosition) => writePosition(t.db, { orgId: w.school.id, targetId: w.targetId, swap, position });
    const broken = { ...positionAt(runId, b), latitude: null } as unknown as NewPosition; // NOT NULL
    const outcomes = await Promise.allSettled([write(swapTo(runId, a, null), positionAt(runId, a)), write(swapTo(runId, b, a), broken), write(null, positionAt(runId, c))]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(outcomes[0]).toMatchObject({ value: { live: true } });
    // The broken report's swap was rolled back with its insert: the live state is the first report's.
    expect(await stateOf()).toEqual({ last_timestamp: a, run_id: runId });
    expect(await timestampsOf(runId)).toEqual([a, c]);
  });
  // On PostgreSQL a batch whose targets are each swapped at most once is a single statement.
  it('answers a batch with one swap per target: a lost swap stores nothing, a report sent twice is stored twice', async () => {
    const runId = await freshRun(t, w);
    const [other] = await Promise.all([insertTarget(t.db, w.school.id, { name: 'Batch twice', nodeId: null })]);
    const [a, b] = [nextReportTime(), nextReportTime()];
    const twice = { ...positionAt(runId, a), targetId: other };
    const outcomes = await Promise.all([
      writePosition(t.db, { orgId: w.school.id, targetId: w.targetId, swap: swapTo(runId, b, b - 100), position: positionAt(runId, b) }),
      writePosition(t.db, { orgId: w.school.id, targetId: w.targetId, swap: null, position: positionAt(runId, a) }),
      writePosition(t.db, { orgId: w.school.id, targetId: other, swap: null, position: twice }),
      writePosition(t.db, { orgId: w.school.id, targetId: other, swap: null, position: { ...twice } }),
    ]);
    expect(outcomes).toEqual([{ live: false, id: null }, { live: false, id: expect.anything() }, { live: false, id: expect.anything() }, { live: false, id: expect.anything() }]);
    expect(String(outcomes[2].id)).not.toEqual(String(outcomes[3].id));
    const rows = await t.db.selectFrom('geo_positions').select(['id', 'target_id', 'timestamp']).where('org_id', '=', w.school.id).where('run_id', '=', runId).execute();
    expect(rows.map((r) => String(r.id)).sort()).toEqual(outcomes.slice(1).map((o) => String(o.id)).sort());
    expect(await stateOf()).toEqual({ last_timestamp: null, run_id: runId });
  });

  it('writes each report alone when a batch of distinct targets fails, and loses none of the others', async () => {
    const runId = await freshRun(t, w);
    const other = await insertTarget(t.db, w.school.id, { name: 'Batch broken', nodeId: null });
    const a = nextReportTime();
    const broken = { ...positionAt(runId, a), targetId: other, latitude: null } as unknown as NewPosition; // NOT NULL
    const outcomes = await Promise.allSettled([
      writePosition(t.db, { orgId: w.school.id, targetId: w.targetId, swap: swapTo(runId, a, null), position: positionAt(runId, a) }),
      writePosition(t.db, { orgId: w.school.id, targetId: other, swap: null, position: broken }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    expect(outcomes[0]).toMatchObject({ value: { live: true } });
    expect(await stateOf()).toEqual({ last_timestamp: a, run_id: runId });
    expect(await timestampsOf(runId)).toEqual([a]);
  });
});
