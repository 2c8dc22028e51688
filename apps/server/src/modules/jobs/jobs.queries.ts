import type { JobState } from '@patio/core';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

// The administrators' view of the queue: always one school's jobs (the jobs table is a platform
// table, but a school only ever sees and retries its own).

const columns = ['id', 'kind', 'state', 'attempts', 'max_attempts', 'last_error', 'run_at', 'created_at', 'updated_at', 'summary'] as const;

export async function findJobsOfOrg(db: Database, orgId: number, query: { state: JobState; limit: number; offset: number }) {
  return db
    .selectFrom('jobs')
    .select(columns)
    .where(scopedToOrg(orgId))
    .where('state', '=', query.state)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
}

export async function countJobsOfOrg(db: Database, orgId: number, state: JobState): Promise<number> {
  const row = await db.selectFrom('jobs').select((eb) => eb.fn.countAll().as('n')).where(scopedToOrg(orgId)).where('state', '=', state).executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findJobOfOrg(db: Database, orgId: number, id: number) {
  return db.selectFrom('jobs').select(columns).where(scopedToOrg(orgId)).where('id', '=', id).executeTakeFirst();
}

/** A dead job queued again from scratch; undefined when it is not a dead job of this school. */
export async function requeueDeadJob(db: Database, orgId: number, id: number, now: string) {
  return db
    .updateTable('jobs')
    .set({ state: 'queued', attempts: 0, run_at: now, locked_by: null, locked_until: null, updated_at: now })
    .where(scopedToOrg(orgId))
    .where('id', '=', id)
    .where('state', '=', 'dead')
    .returning(columns)
    .executeTakeFirst();
}

export type JobListRow = NonNullable<Awaited<ReturnType<typeof findJobOfOrg>>>;
