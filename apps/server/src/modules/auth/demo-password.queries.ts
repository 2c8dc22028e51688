import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

/** The password hashes of every account of the schools with these codes (unknown codes: none). */
export async function findPasswordHashesOfSchools(db: Database, schoolCodes: readonly string[]): Promise<string[]> {
  if (schoolCodes.length === 0) return [];
  const orgs = await db.selectFrom('orgs').select('id').where('code', 'in', [...schoolCodes]).execute();
  const hashes: string[] = [];
  for (const org of orgs) {
    const rows = await db.selectFrom('people').select('password_hash').where(scopedToOrg(org.id)).where('password_hash', 'is not', null).execute();
    for (const row of rows) hashes.push(row.password_hash!);
  }
  return hashes;
}
