import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { PersonTable } from '../../db/types';
import type { Caller } from '../../policy/policy';

export type PersonRow = Omit<PersonTable, 'id'> & { id: number };
export type NewPerson = Omit<PersonTable, 'id' | 'org_id' | 'created_at' | 'is_admin'> & { is_admin?: number };

export async function findCaller(db: Database, orgId: number, personId: number): Promise<Caller | null> {
  const row = await db
    .selectFrom('people')
    .select(['id', 'org_id', 'is_admin'])
    .where(scopedToOrg(orgId))
    .where('id', '=', personId)
    .executeTakeFirst();
  return row ? { id: row.id, orgId: row.org_id, isAdmin: row.is_admin === 1 } : null;
}

export async function findPerson(db: Database, orgId: number, personId: number): Promise<PersonRow | null> {
  const row = await db
    .selectFrom('people')
    .selectAll()
    .where(scopedToOrg(orgId))
    .where('id', '=', personId)
    .executeTakeFirst();
  return row ?? null;
}

export async function personExists(db: Database, orgId: number, personId: number): Promise<boolean> {
  const row = await db
    .selectFrom('people')
    .select('id')
    .where(scopedToOrg(orgId))
    .where('id', '=', personId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Sign-in lookup: usernames are unique per school, compared case-insensitively (stored lowercase). */
export async function findCredentials(
  db: Database,
  orgId: number,
  username: string,
): Promise<{ id: number; password_hash: string | null } | null> {
  const row = await db
    .selectFrom('people')
    .select(['id', 'password_hash'])
    .where(scopedToOrg(orgId))
    .where('username', '=', username.toLowerCase())
    .executeTakeFirst();
  return row ?? null;
}

export async function insertPerson(db: Database, orgId: number, person: NewPerson): Promise<PersonRow> {
  return await db
    .insertInto('people')
    .values({
      ...person,
      username: person.username?.toLowerCase() ?? null,
      is_admin: person.is_admin ?? 0,
      org_id: orgId,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** True when `relativeId` is recorded as a relative of `personId` (either direction is stored). */
export async function isRelativeOf(db: Database, orgId: number, personId: number, relativeId: number): Promise<boolean> {
  const row = await db
    .selectFrom('relationships')
    .select('id')
    .where(scopedToOrg(orgId))
    .where('person_id', '=', personId)
    .where('relative_id', '=', relativeId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Stores both directions of a relationship in one transaction-safe upsert pair. */
export async function upsertRelationshipPair(
  db: Database,
  orgId: number,
  pair: { personId: number; relativeId: number; kind: string; inverseKind: string },
): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('relationships')
    .values([
      { org_id: orgId, person_id: pair.personId, relative_id: pair.relativeId, kind: pair.kind, created_at: now },
      { org_id: orgId, person_id: pair.relativeId, relative_id: pair.personId, kind: pair.inverseKind, created_at: now },
    ])
    .onConflict((oc) => oc.columns(['org_id', 'person_id', 'relative_id']).doUpdateSet((eb) => ({ kind: eb.ref('excluded.kind') })))
    .execute();
}

/** Role keys of a person: their membership roles plus 'relative' when they are someone's parent-like relative. */
export async function findRoles(db: Database, orgId: number, personId: number): Promise<string[]> {
  const memberships = await db
    .selectFrom('memberships')
    .select('role')
    .distinct()
    .where(scopedToOrg(orgId))
    .where('person_id', '=', personId)
    .execute();
  const asRelative = await db
    .selectFrom('relationships')
    .innerJoin('memberships', (join) =>
      join.onRef('memberships.org_id', '=', 'relationships.org_id').onRef('memberships.person_id', '=', 'relationships.person_id'),
    )
    .select('relationships.id')
    .where(scopedToOrg(orgId, 'relationships'))
    .where('relationships.relative_id', '=', personId)
    .where('memberships.role', '=', 'student')
    .limit(1)
    .executeTakeFirst();
  const roles = memberships.map((m) => m.role);
  if (asRelative) roles.push('relative');
  return roles.sort();
}

/** document → id for the given documents (seed steps and imports look people up by document). */
export async function findPersonIdsByDocument(db: Database, orgId: number, documents: string[]): Promise<Map<string, number>> {
  if (documents.length === 0) return new Map();
  const rows = await db
    .selectFrom('people')
    .select(['id', 'document'])
    .where(scopedToOrg(orgId))
    .where('document', 'in', documents)
    .execute();
  return new Map(rows.map((r) => [r.document as string, r.id]));
}

export async function findPersonIdByUsername(db: Database, orgId: number, username: string): Promise<number | null> {
  const row = await db
    .selectFrom('people')
    .select('id')
    .where(scopedToOrg(orgId))
    .where('username', '=', username.toLowerCase())
    .executeTakeFirst();
  return row?.id ?? null;
}
