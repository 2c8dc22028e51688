import type { Database } from '../database';
import { findOrgByCode, insertOrg } from '../../modules/org/org.queries';
import type { Org } from '../../policy/policy';
import { demoBilling, norteBilling } from './demo-billing';
import { demoAttendance } from './demo-attendance';
import { demoSteps, type SeedStep } from './demo-school';
import { norteOrg, norteSteps } from './norte-school';
import { isSeedStepDone, markSeedStepDone } from './seed.queries';

export const demoOrg = {
  code: 'demo',
  title: 'Colegio Los Andes',
  logo: null,
  settings: { color: '#1C89B8', public: { currencyPostfix: 'COP', city: 'Bogotá' } },
};

/** The demo school's steps, billing (it bills the people the other steps made) and attendance last. */
const demoSchoolSteps: SeedStep[] = [...demoSteps, demoBilling, demoAttendance];

type SchoolDefinition = Parameters<typeof insertOrg>[1] & { code: string };

/** Seeds both demo schools: demo (Colegio Los Andes) first, so its five accounts keep ids 1–5, then norte. */
export async function seedDemoSchools(db: Database): Promise<{ ran: string[] }> {
  const demo = await seedSchool(db, demoOrg, demoSchoolSteps);
  const norte = await seedSchool(db, norteOrg, [...norteSteps, norteBilling]);
  return { ran: [...demo.ran, ...norte.ran.map((step) => `norte:${step}`)] };
}

/** Seeds the demo school alone (tests pass their own steps). */
export async function seedDemoSchool(db: Database, steps: SeedStep[] = demoSchoolSteps): Promise<{ ran: string[] }> {
  return seedSchool(db, demoOrg, steps);
}

/**
 * Seeds one school. Idempotent: each step runs once per school, inside a transaction together with
 * its marker row, so a crash mid-step leaves nothing half-written and re-running adds nothing.
 */
export async function seedSchool(db: Database, school: SchoolDefinition, steps: SeedStep[]): Promise<{ ran: string[] }> {
  const org = (await findOrgByCode(db, school.code)) ?? (await insertOrgOnce(db, school));
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

/** Creates the school's org, tolerating another process creating it at the same moment. */
async function insertOrgOnce(db: Database, school: SchoolDefinition): Promise<Org> {
  try {
    return await insertOrg(db, school);
  } catch (err) {
    const org = await findOrgByCode(db, school.code);
    if (org) return org;
    throw err;
  }
}
