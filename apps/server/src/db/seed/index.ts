import type { Database } from '../database';
import { findOrgByCode, insertOrg } from '../../modules/org/org.queries';
import { demoSteps, type SeedStep } from './demo-school';
import { isSeedStepDone, markSeedStepDone } from './seed.queries';

export const demoOrg = {
  code: 'demo',
  title: 'Colegio Los Andes',
  logo: null,
  settings: { color: '#1C89B8', public: { currencyPostfix: 'COP', city: 'Bogotá' } },
};

/**
 * Seeds the demo school. Idempotent: each step runs once per school, inside a transaction together
 * with its marker row, so a crash mid-step leaves nothing half-written and re-running adds nothing.
 */
export async function seedDemoSchool(db: Database, steps: SeedStep[] = demoSteps): Promise<{ ran: string[] }> {
  const org = (await findOrgByCode(db, demoOrg.code)) ?? (await insertOrgOnce(db));
  const ran: string[] = [];
  for (const step of steps) {
    if (await isSeedStepDone(db, org.id, step.name)) continue;
    try {
      await db.transaction().execute(async (trx) => {
        // The marker goes first: a second server starting at the same time blocks here, then fails
        // on the primary key once the first commits, and skips the step.
        await markSeedStepDone(trx, org.id, step.name);
        await step.run(trx, org);
      });
    } catch (err) {
      if (await isSeedStepDone(db, org.id, step.name)) continue;
      throw err;
    }
    ran.push(step.name);
  }
  return { ran };
}

/** Creates the demo org, tolerating another process creating it at the same moment. */
async function insertOrgOnce(db: Database) {
  try {
    return await insertOrg(db, demoOrg);
  } catch (err) {
    const org = await findOrgByCode(db, demoOrg.code);
    if (org) return org;
    throw err;
  }
}
