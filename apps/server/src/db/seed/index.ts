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
  const org = (await findOrgByCode(db, demoOrg.code)) ?? (await insertOrg(db, demoOrg));
  const ran: string[] = [];
  for (const step of steps) {
    if (await isSeedStepDone(db, org.id, step.name)) continue;
    await db.transaction().execute(async (trx) => {
      await markSeedStepDone(trx, org.id, step.name);
      await step.run(trx, org);
    });
    ran.push(step.name);
  }
  return { ran };
}
