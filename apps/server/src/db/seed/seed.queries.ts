import type { Database } from '../database';
import { nowIso } from '../database';
import { scopedToOrg } from '../scope';

export async function isSeedStepDone(db: Database, orgId: number, step: string): Promise<boolean> {
  const row = await db
    .selectFrom('seed_steps')
    .select('step')
    .where(scopedToOrg(orgId))
    .where('step', '=', step)
    .executeTakeFirst();
  return row !== undefined;
}

export async function markSeedStepDone(db: Database, orgId: number, step: string): Promise<void> {
  await db.insertInto('seed_steps').values({ org_id: orgId, step, done_at: nowIso() }).execute();
}
