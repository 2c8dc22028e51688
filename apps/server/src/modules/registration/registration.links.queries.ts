import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

// The confirmations asked of matched parents and the administrators' link decisions (decision 023).

/** The confirmation of one registration, if one was ever sent. */
export async function findLinkOfRegistration(db: Database, orgId: number, registrationId: number) {
  return (
    (await db
      .selectFrom('registration_links')
      .selectAll()
      .where(scopedToOrg(orgId))
      .where('registration_id', '=', registrationId)
      .executeTakeFirst()) ?? null
  );
}

/** Confirmations by registration id, for the list. */
export async function findLinksOfRegistrations(db: Database, orgId: number, registrationIds: number[]) {
  if (registrationIds.length === 0) return new Map<number, LinkRow>();
  const rows = await db.selectFrom('registration_links').selectAll().where(scopedToOrg(orgId)).where('registration_id', 'in', registrationIds).execute();
  return new Map(rows.map((r) => [r.registration_id, r]));
}

export type LinkRow = NonNullable<Awaited<ReturnType<typeof findLinkOfRegistration>>>;

/** A confirmation by the SHA-256 of its token, with the registration it belongs to. */
export async function findLinkByTokenHash(db: Database, orgId: number, tokenHash: string) {
  return (
    (await db
      .selectFrom('registration_links')
      .innerJoin('registrations', (j) =>
        j.onRef('registrations.org_id', '=', 'registration_links.org_id').onRef('registrations.id', '=', 'registration_links.registration_id'),
      )
      .select([
        'registration_links.id', 'registration_links.registration_id', 'registration_links.person_id', 'registration_links.status',
        'registration_links.expires_at', 'registration_links.sent_by', 'registrations.person_id as registrant_id',
        'registrations.status as registration_status',
      ])
      .where(scopedToOrg(orgId, 'registration_links'))
      .where('registration_links.token_hash', '=', tokenHash)
      .executeTakeFirst()) ?? null
  );
}

interface LinkValues {
  registrationId: number;
  personId: number;
  sentTo: string;
  tokenHash: string;
  sentBy: number;
  expiresAt: string;
}

/**
 * The first confirmation of a registration. The unique (org_id, registration_id) key is the arbiter:
 * of parallel sends one inserts, the others get null.
 */
export async function insertLink(trx: Database, orgId: number, values: LinkValues): Promise<{ id: number; sendCount: number } | null> {
  const row = await trx
    .insertInto('registration_links')
    .values({
      org_id: orgId,
      registration_id: values.registrationId,
      person_id: values.personId,
      sent_to: values.sentTo,
      token_hash: values.tokenHash,
      status: 'pending',
      send_count: 1,
      sent_by: values.sentBy,
      sent_at: nowIso(),
      expires_at: values.expiresAt,
      answered_at: null,
    })
    .onConflict((oc) => oc.columns(['org_id', 'registration_id']).doNothing())
    .returning(['id', 'send_count'])
    .executeTakeFirst();
  return row ? { id: row.id, sendCount: row.send_count } : null;
}

/** A new link in place of an expired, unanswered one: one statement, so of parallel resends one wins. */
export async function renewExpiredLink(trx: Database, orgId: number, values: LinkValues): Promise<{ id: number; sendCount: number } | null> {
  const now = nowIso();
  const row = await trx
    .updateTable('registration_links')
    .set((eb) => ({
      person_id: values.personId,
      sent_to: values.sentTo,
      token_hash: values.tokenHash,
      send_count: eb('send_count', '+', 1),
      sent_by: values.sentBy,
      sent_at: now,
      expires_at: values.expiresAt,
    }))
    .where(scopedToOrg(orgId))
    .where('registration_id', '=', values.registrationId)
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .returning(['id', 'send_count'])
    .executeTakeFirst();
  return row ? { id: row.id, sendCount: row.send_count } : null;
}

/** Answers a live link once: false when it was answered (or expired) meanwhile. */
export async function answerLink(trx: Database, orgId: number, linkId: number, status: 'confirmed' | 'refused'): Promise<boolean> {
  const now = nowIso();
  const updated = await trx
    .updateTable('registration_links')
    .set({ status, answered_at: now })
    .where(scopedToOrg(orgId))
    .where('id', '=', linkId)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Writes the audit row of an administrator's link decision (never updated or deleted afterwards). */
export async function insertLinkDecision(
  trx: Database,
  orgId: number,
  values: { registrationId: number; registrantId: number; personId: number | null; linked: number[]; reason: string; decidedBy: number; decidedByName: string },
): Promise<void> {
  await trx
    .insertInto('registration_link_decisions')
    .values({
      org_id: orgId,
      registration_id: values.registrationId,
      registrant_id: values.registrantId,
      person_id: values.personId,
      linked: JSON.stringify(values.linked),
      reason: values.reason,
      decided_by: values.decidedBy,
      decided_by_name: values.decidedByName,
      decided_at: nowIso(),
    })
    .execute();
}

/** Link decisions, newest first; `registrationIds` narrows them to some registrations. */
export async function findLinkDecisions(db: Database, orgId: number, options: { registrationIds?: number[]; limit?: number; offset?: number } = {}) {
  let query = db.selectFrom('registration_link_decisions').selectAll().where(scopedToOrg(orgId));
  if (options.registrationIds) {
    if (options.registrationIds.length === 0) return [];
    query = query.where('registration_id', 'in', options.registrationIds);
  }
  return await query
    .orderBy('decided_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit ?? 500)
    .offset(options.offset ?? 0)
    .execute();
}

/** How many link decisions the school has (X-Total-Count). */
export async function countLinkDecisions(db: Database, orgId: number): Promise<number> {
  const row = await db.selectFrom('registration_link_decisions').select((eb) => eb.fn.countAll<number | string>().as('n')).where(scopedToOrg(orgId)).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The matched people's contact details, shown beside the form's (names, email, phone, account). */
export async function findPeopleDetails(db: Database, orgId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, { email: string | null; mobile: string | null; hasAccount: boolean; language: string | null }>();
  const rows = await db
    .selectFrom('people')
    .select(['id', 'email', 'mobile', 'username', 'password_hash', 'language'])
    .where(scopedToOrg(orgId))
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(
    rows.map((r) => [r.id, { email: r.email, mobile: r.mobile, hasAccount: r.username !== null || r.password_hash !== null, language: r.language }]),
  );
}

/** "First Last" of a person of the school (the deciding administrator, kept in the audit as it was). */
export async function findPersonName(db: Database, orgId: number, personId: number): Promise<string> {
  const row = await db.selectFrom('people').select(['first_name', 'last_name']).where(scopedToOrg(orgId)).where('id', '=', personId).executeTakeFirst();
  return row ? `${row.first_name} ${row.last_name}`.trim() : '';
}

/** The first name of a person of the school (the greeting of the confirmation page). */
export async function findFirstName(db: Database, orgId: number, personId: number): Promise<string> {
  const row = await db.selectFrom('people').select('first_name').where(scopedToOrg(orgId)).where('id', '=', personId).executeTakeFirst();
  return row?.first_name ?? '';
}
