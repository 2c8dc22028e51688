import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

export interface MemberContact {
  document: string | null;
  email: string | null;
  mobile: string | null;
}

/** Document, email and mobile of the given people, by id (in chunks, within the bound-parameter limits). */
export async function findMemberContacts(db: Database, orgId: number, personIds: number[]): Promise<Map<number, MemberContact>> {
  const found = new Map<number, MemberContact>();
  const ids = [...new Set(personIds)];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('people')
      .select(['id', 'document', 'email', 'mobile'])
      .where(scopedToOrg(orgId))
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const { id, ...contact } of rows) found.set(id, contact);
  }
  return found;
}
