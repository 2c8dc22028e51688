import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import { findArchivedNodeIds } from '../nodes/nodes.queries';

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

export async function isEmailUsed(db: Database, orgId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('people')
    .select('id')
    .where(scopedToOrg(orgId))
    .where((eb) => eb.or([eb(eb.fn('lower', ['email']), '=', email), eb('username', '=', email)]))
    .executeTakeFirst();
  return row !== undefined;
}

export async function findUsedDocuments(db: Database, orgId: number, documents: string[]): Promise<Set<string>> {
  if (documents.length === 0) return new Set();
  const rows = await db.selectFrom('people').select('document').where(scopedToOrg(orgId)).where('document', 'in', documents).execute();
  return new Set(rows.map((r) => r.document!));
}

export async function insertRegistration(
  db: Database,
  orgId: number,
  values: { personId: number; language: string; tokenHash: string; expiresAt: string },
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
      form: null,
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

export async function findRegistrations(db: Database, orgId: number, status: 'pending' | 'approved' | 'rejected') {
  return await db
    .selectFrom('registrations')
    .innerJoin('people', (j) => j.onRef('people.org_id', '=', 'registrations.org_id').onRef('people.id', '=', 'registrations.person_id'))
    .select([
      'registrations.person_id', 'registrations.status', 'registrations.email_verified_at', 'registrations.created_at',
      'people.first_name', 'people.last_name', 'people.email', 'people.document',
    ])
    .where(scopedToOrg(orgId, 'registrations'))
    .where('registrations.status', '=', status)
    .orderBy('registrations.created_at')
    .orderBy('registrations.id')
    .limit(500)
    .execute();
}

/** The children a registering parent named: their student memberships and courses. */
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
      'relationships.relative_id as parentId', 'people.id', 'people.first_name', 'people.last_name',
      'memberships.id as membershipId', 'memberships.enrollment_status', 'nodes.id as nodeId', 'nodes.name as nodeName',
    ])
    .where(scopedToOrg(orgId, 'relationships'))
    .where('relationships.relative_id', 'in', parentIds)
    .where('memberships.role', '=', 'student')
    .orderBy('people.id')
    .execute();
}

export async function findRegistration(db: Database, orgId: number, personId: number) {
  return await db
    .selectFrom('registrations')
    .select(['id', 'status', 'email_verified_at', 'language'])
    .where(scopedToOrg(orgId))
    .where('person_id', '=', personId)
    .executeTakeFirst();
}

/** pending → approved/rejected, and the children's pending enrollments → active/withdrawn. */
export async function decideRegistration(
  db: Database,
  orgId: number,
  values: { personId: number; status: 'approved' | 'rejected'; decidedBy: number; membershipIds: number[] },
): Promise<boolean> {
  return await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('registrations')
      .set({ status: values.status, decided_by: values.decidedBy, decided_at: nowIso() })
      .where(scopedToOrg(orgId))
      .where('person_id', '=', values.personId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return false;
    if (values.membershipIds.length > 0) {
      await trx
        .updateTable('memberships')
        .set({ enrollment_status: values.status === 'approved' ? 'active' : 'withdrawn' })
        .where(scopedToOrg(orgId))
        .where('id', 'in', values.membershipIds)
        .where('enrollment_status', '=', 'pending')
        .execute();
    }
    return true;
  });
}
