import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import type { Org } from '../../policy/policy';
import { forgetCachedOrgs } from './org.cache';

function toOrg(row: { id: number; code: string; title: string; logo: string | null; settings: string }): Org {
  let settings: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.settings);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) settings = parsed as Record<string, unknown>;
  } catch {
    // A damaged settings blob falls back to defaults rather than breaking the school.
  }
  return { id: row.id, code: row.code, title: row.title, logo: row.logo, settings };
}

export async function findOrgByCode(db: Database, code: string): Promise<Org | null> {
  const row = await db
    .selectFrom('orgs')
    .select(['id', 'code', 'title', 'logo', 'settings'])
    .where('code', '=', code)
    .executeTakeFirst();
  return row ? toOrg(row) : null;
}

/** A school by id, for work that runs outside a request (jobs). */
export async function findOrgById(db: Database, id: number): Promise<Org | null> {
  const row = await db.selectFrom('orgs').select(['id', 'code', 'title', 'logo', 'settings']).where('id', '=', id).executeTakeFirst();
  return row ? toOrg(row) : null;
}

export async function insertOrg(
  db: Database,
  org: { code: string; title: string; logo?: string | null; settings?: Record<string, unknown> },
): Promise<Org> {
  const row = await db
    .insertInto('orgs')
    .values({
      code: org.code,
      title: org.title,
      logo: org.logo ?? null,
      settings: JSON.stringify(org.settings ?? {}),
      created_at: nowIso(),
    })
    .returning(['id', 'code', 'title', 'logo', 'settings'])
    .executeTakeFirstOrThrow();
  return toOrg(row);
}

export async function updateOrgSettings(db: Database, orgId: number, settings: Record<string, unknown>): Promise<void> {
  await db.updateTable('orgs').set({ settings: JSON.stringify(settings) }).where('id', '=', orgId).execute();
  forgetCachedOrgs();
}

/**
 * Writes the school's title, logo and settings in one statement, so a reader never sees the name of
 * one change with the colour of another.
 */
export async function updateOrgAppearance(db: Database, orgId: number, change: { title: string; logo: string | null; settings: Record<string, unknown> }): Promise<void> {
  await db.updateTable('orgs').set({ title: change.title, logo: change.logo, settings: JSON.stringify(change.settings) }).where('id', '=', orgId).execute();
  forgetCachedOrgs();
}

/** The school's row, locked until the transaction ends on PostgreSQL (SQLite writes one at a time anyway). */
export async function lockOrg(db: Database, dialect: 'sqlite' | 'postgres', orgId: number): Promise<Org | null> {
  const query = db.selectFrom('orgs').select(['id', 'code', 'title', 'logo', 'settings']).where('id', '=', orgId);
  const row = await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  return row ? toOrg(row) : null;
}
