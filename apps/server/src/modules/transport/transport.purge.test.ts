import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { freshRun } from './transport.fixtures';
import { nextPurgeAt, positionsPurgeJob } from './transport.purge';

// The retention of bus positions (issue 13 §2: "kept a configurable number of days"): the daily job
// deletes what arrived more than GEO_RETENTION_DAYS ago, in this school only, and queues the next day's.
describeOnDatabases(
  'transport: the positions purge',
  (t) => {
    let w: World;
    const DAY = 86_400_000;

    const addPositions = async (orgId: number, targetId: number, daysAgo: number[]) => {
      await t.db
        .insertInto('geo_positions')
        .values(
          daysAgo.map((days) => ({
            org_id: orgId,
            target_id: targetId,
            latitude: 4.7,
            longitude: -74.05,
            timestamp: Math.floor((Date.now() - days * DAY) / 1000),
            received_at: new Date(Date.now() - days * DAY).toISOString(),
          })),
        )
        .execute();
    };
    const ageOf = async (orgId: number) =>
      (await t.db.selectFrom('geo_positions').select('received_at').where('org_id', '=', orgId).execute()).map((r) => Math.round((Date.now() - Date.parse(r.received_at)) / DAY)).sort((a, b) => a - b);

    beforeAll(async () => {
      w = await makeWorld(t);
    });

    it('is queued for the next day when a run starts, once however many runs start', async () => {
      await freshRun(t, w);
      await freshRun(t, w);
      const jobs = await t.db.selectFrom('jobs').select(['key', 'run_at']).where('kind', '=', positionsPurgeJob.kind).where('org_id', '=', w.school.id).execute();
      expect(jobs).toHaveLength(1);
      expect(Date.parse(jobs[0].run_at)).toBe(nextPurgeAt(new Date()).getTime());
    });

    it('deletes the positions older than the retention, of its school only, and queues tomorrow’s', async () => {
      const otherTarget = await t.db
        .insertInto('geo_targets')
        .values({ org_id: w.otherSchool.id, name: 'Bus Norte', node_id: null, created_at: new Date().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await addPositions(w.school.id, w.targetId, [0, 1, 6, 7.5, 10, 40]);
      await addPositions(w.otherSchool.id, otherTarget.id, [10, 40]);
      // Only this run is queued: the next day's must come from it.
      await t.db.deleteFrom('jobs').where('kind', '=', positionsPurgeJob.kind).execute();
      await t.app.patio.jobs.enqueue(t.db, positionsPurgeJob, { orgId: w.school.id }, { orgId: w.school.id, key: `test-purge-${Date.now()}` });
      await t.drainJobs();
      expect(await ageOf(w.school.id)).toEqual([0, 1, 6]);
      expect(await ageOf(w.otherSchool.id)).toEqual([10, 40]);
      const next = await t.db.selectFrom('jobs').select('run_at').where('kind', '=', positionsPurgeJob.kind).where('org_id', '=', w.school.id).where('state', '=', 'queued').execute();
      expect(next.map((j) => Date.parse(j.run_at))).toContain(nextPurgeAt(new Date()).getTime());
    });
  },
  { geoRetentionDays: 7 },
);
