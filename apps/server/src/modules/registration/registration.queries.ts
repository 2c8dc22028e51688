import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import { findArchivedNodeIds } from '../nodes/index';

/**
 * Course choices: the school's class nodes in tree order, or its grades when it has no classes;
 * never the classes kept under a past school year's archive.
 */
export async function findCourses(db: Database, orgId: number): Promise<{ id: number; name: string; typeKey: string }[]> {
  const rows = await db
    .selectFrom('nodes')
    .innerJoin('node_types', (j) => j.onRef('node_types.org_id', '=', 'nodes.org_id').onRef('node_types.id', '=', 'nodes.type_id'))
    .select(['nodes.id', 'nodes.name', 'node_types.key as typeKey'])
    .where(scopedToOrg(orgId, 'nodes'))
    .where((eb) => eb.or([eb('node_types.key', 'like', 'class%'), eb('node_types.key', 'like', 'grade%')]))
    .orderBy('nodes.position')
    .orderBy('nodes.name')
    .orderBy('nodes.id')
    .execute();
  const archived = await findArchivedNodeIds(db, orgId);
  const open = rows.filter((r) => !archived.has(r.id));
  const classes = open.filter((r) => r.typeKey.startsWith('class'));
  return classes.length > 0 ? classes : open;
}

/**
 * The person of the school who already uses `email` (as their email or username), with what the
 * "already registered" mail needs; null when the address is free.
 */
export async function findEmailOwner(db: Database, orgId: number, email: string) {
  const row = await db
    .selectFrom('people')
    .select(['id', 'first_name', 'language'])
    .where(scopedToOrg(orgId))
    .where((eb) => eb.or([eb('username', '=', email), eb(eb.fn('lower', ['email']), '=', email)]))
    .orderBy('id')
    .executeTakeFirst();
  return row ?? null;
}

export async function insertRegistration(
  db: Database,
  orgId: number,
  values: { personId: number; language: string; tokenHash: string; expiresAt: string; form?: string | null },
): Promise<void> {
  await db
    .insertInto('registrations')
    .values({
      org_id: orgId,
      person_id: values.personId,
      status: 'pending',
      language: values.language,
      token_hash: values.tokenHash,
      token_expires_at: values.expiresAt,
      email_verified_at: null,
      decided_by: null,
      decided_at: null,
      created_at: nowIso(),
      form: values.form ?? null,
    })
    .execute();
}

/** Marks the email verified for an unused, unexpired token, in one statement (a link works once). */
export async function verifyRegistrationToken(db: Database, orgId: number, tokenHash: string) {
  const now = nowIso();
  return await db
    .updateTable('registrations')
    .set({ email_verified_at: now })
    .where(scopedToOrg(orgId))
    .where('token_hash', '=', tokenHash)
    .where('email_verified_at', 'is', null)
    .where('token_expires_at', '>', now)
    .returning(['person_id', 'status'])
    .executeTakeFirst();
}

/** True while a self-registered account has not confirmed its email (sign-in is refused). */
export async function isEmailUnverified(db: Database, orgId: number, personId: number): Promise<boolean> {
  const row = await db
    .selectFrom('registrations')
    .select('id')
    .where(scopedToOrg(orgId))
    .where('person_id', '=', personId)
    .where('email_verified_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The registration status of a signed-in person, or null when they did not register themselves:
 * one lookup by the unique (org_id, person_id) key on every authenticated request.
 */
export async function findRegistrationStatus(db: Database, orgId: number, personId: number): Promise<'pending' | 'approved' | 'rejected' | null> {
  const row = await db.selectFrom('registrations').select('status').where(scopedToOrg(orgId)).where('person_id', '=', personId).executeTakeFirst();
  return row?.status ?? null;
}

/**
 * Deletes unverified registrations whose link has expired, with their accounts (the registration row
 * goes with its person), so the email is free again. `username` limits it to one address.
 */
export async function deleteExpiredRegistrations(db: Database, orgId: number, options: { username?: string; limit?: number } = {}): Promise<number> {
  let query = db
    .selectFrom('registrations')
    .innerJoin('people', (j) => j.onRef('people.org_id', '=', 'registrations.org_id').onRef('people.id', '=', 'registrations.person_id'))
    .select('registrations.person_id')
    .where(scopedToOrg(orgId, 'registrations'))
    .where('registrations.status', '=', 'pending')
    .where('registrations.email_verified_at', 'is', null)
    .where('registrations.token_expires_at', '<', nowIso());
  if (options.username !== undefined) query = query.where('people.username', '=', options.username.toLowerCase());
  const rows = await query.limit(options.limit ?? 100).execute();
  if (rows.length === 0) return 0;
  const ids = rows.map((r) => r.person_id);
  const deleted = await db
    .deleteFrom('people')
    .where(scopedToOrg(orgId))
    .where('id', 'in', ids)
    // Re-checked in the same statement: a registration verified meanwhile is kept.
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('registrations')
          .select('registrations.id')
          .whereRef('registrations.org_id', '=', 'people.org_id')
          .whereRef('registrations.person_id', '=', 'people.id')
          .where('registrations.status', '=', 'pending')
          .where('registrations.email_verified_at', 'is', null),
      ),
    )
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}

/** The registrations of one status, oldest first: one page (`offset`, `limit`), else the first 500. */
export async function findRegistrations(
  db: Database,
  orgId: number,
  status: 'pending' | 'approved' | 'rejected',
  page: { offset: number; limit: number } = { offset: 0, limit: 500 },
) {
  return await registrationsOf(db, orgId, status)
    .select([
      'registrations.id', 'registrations.person_id', 'registrations.status', 'registrations.email_verified_at', 'registrations.created_at',
      'registrations.decided_at', 'registrations.form', 'registrations.language',
      'people.first_name', 'people.last_name', 'people.email', 'people.mobile', 'people.document',
    ])
    .orderBy('registrations.created_at')
    .orderBy('registrations.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many registrations of one status there are (X-Total-Count of GET registrations). */
export async function countRegistrations(db: Database, orgId: number, status: 'pending' | 'approved' | 'rejected'): Promise<number> {
  const row = await registrationsOf(db, orgId, status).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

// The list and its count read the same rows, so the total always matches what paging walks through.
function registrationsOf(db: Database, orgId: number, status: 'pending' | 'approved' | 'rejected') {
  return db
    .selectFrom('registrations')
    .innerJoin('people', (j) => j.onRef('people.org_id', '=', 'registrations.org_id').onRef('people.id', '=', 'registrations.person_id'))
    .where(scopedToOrg(orgId, 'registrations'))
    .where('registrations.status', '=', status);
}

/** One registration by its parent, with the parent's names (GET registration/mine, decisions). */
export async function findRegistration(db: Database, orgId: number, personId: number) {
  return await db
    .selectFrom('registrations')
    .innerJoin('people', (j) => j.onRef('people.org_id', '=', 'registrations.org_id').onRef('people.id', '=', 'registrations.person_id'))
    .select([
      'registrations.id', 'registrations.person_id', 'registrations.status', 'registrations.email_verified_at', 'registrations.language',
      'registrations.created_at', 'registrations.decided_at', 'registrations.form',
      'people.first_name', 'people.last_name', 'people.email', 'people.mobile', 'people.document',
    ])
    .where(scopedToOrg(orgId, 'registrations'))
    .where('registrations.person_id', '=', personId)
    .executeTakeFirst();
}

/** The children an approved parent has: their student memberships and courses. */
export async function findRegisteredChildren(db: Database, orgId: number, parentIds: number[]) {
  if (parentIds.length === 0) return [];
  return await db
    .selectFrom('relationships')
    .innerJoin('people', (j) => j.onRef('people.org_id', '=', 'relationships.org_id').onRef('people.id', '=', 'relationships.person_id'))
    .innerJoin('memberships', (j) =>
      j.onRef('memberships.org_id', '=', 'relationships.org_id').onRef('memberships.person_id', '=', 'relationships.person_id'),
    )
    .innerJoin('nodes', (j) => j.onRef('nodes.org_id', '=', 'memberships.org_id').onRef('nodes.id', '=', 'memberships.node_id'))
    .select([
      'relationships.relative_id as parentId', 'people.id', 'people.first_name', 'people.last_name', 'people.document',
      'people.birthday', 'people.gender', 'memberships.enrollment_status', 'nodes.id as nodeId', 'nodes.name as nodeName',
    ])
    .where(scopedToOrg(orgId, 'relationships'))
    .where('relationships.relative_id', 'in', parentIds)
    .where('memberships.role', '=', 'student')
    .orderBy('people.id')
    .execute();
}

/** Node names by id (the courses a staged form names; a deleted course is simply missing). */
export async function findNodeNames(db: Database, orgId: number, nodeIds: number[]): Promise<Map<number, string>> {
  if (nodeIds.length === 0) return new Map();
  const rows = await db.selectFrom('nodes').select(['id', 'name']).where(scopedToOrg(orgId)).where('id', 'in', nodeIds).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** People of the school by normalised document (people.document_key), for the matches admins see. */
export async function findPeopleByDocumentKeys(db: Database, orgId: number, keys: string[]) {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return new Map<string, { id: number; firstName: string; lastName: string }>();
  const rows = await db
    .selectFrom('people')
    .select(['id', 'first_name', 'last_name', 'document_key'])
    .where(scopedToOrg(orgId))
    .where('document_key', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.document_key!, { id: r.id, firstName: r.first_name, lastName: r.last_name }]));
}
