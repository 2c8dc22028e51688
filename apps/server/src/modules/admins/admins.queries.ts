import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

export async function findAdminIds(db: Database, orgId: number): Promise<number[]> {
  const rows = await db.selectFrom('people').select('id').where(scopedToOrg(orgId)).where('is_admin', '=', 1).orderBy('id').execute();
  return rows.map((r) => r.id);
}

export async function setAdmin(db: Database, orgId: number, personId: number, isAdmin: boolean): Promise<void> {
  await db.updateTable('people').set({ is_admin: isAdmin ? 1 : 0 }).where(scopedToOrg(orgId)).where('id', '=', personId).execute();
}
