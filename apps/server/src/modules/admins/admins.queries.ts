import type { Database, DialectName } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

export async function findAdminIds(db: Database, orgId: number): Promise<number[]> {
  const rows = await db.selectFrom('people').select('id').where(scopedToOrg(orgId)).where('is_admin', '=', 1).orderBy('id').execute();
  return rows.map((r) => r.id);
}

export async function setAdmin(db: Database, orgId: number, personId: number, isAdmin: boolean): Promise<void> {
  await db.updateTable('people').set({ is_admin: isAdmin ? 1 : 0 }).where(scopedToOrg(orgId)).where('id', '=', personId).execute();
}

/**
 * Holds the school's row until the transaction ends, so administrator changes of one school run one
 * after the other. PostgreSQL's default isolation lets two transactions read the same two admins and
 * each remove one; SQLite needs no lock, since Kysely runs its transactions one at a time.
 */
export async function lockSchool(trx: Database, orgId: number, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  await trx.selectFrom('orgs').select('id').where('id', '=', orgId).forUpdate().execute();
}
