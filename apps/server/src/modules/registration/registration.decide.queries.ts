import { documentKeyOf } from '@patio/core';
import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import { searchKeyOf, sortKeyOf } from '../people/index';
import type { StagedPerson } from './registration.form';

// The writes of an administrator's decision, each run inside the decision's transaction.

/** pending → approved/rejected, once: false when another decision came first. */
export async function claimDecision(
  trx: Database,
  orgId: number,
  values: { personId: number; status: 'approved' | 'rejected'; decidedBy: number },
): Promise<boolean> {
  const updated = await trx
    .updateTable('registrations')
    .set({ status: values.status, decided_by: values.decidedBy, decided_at: nowIso() })
    .where(scopedToOrg(orgId))
    .where('person_id', '=', values.personId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** The person holding a normalised document, with what tells an account from a record. */
export async function findDocumentHolder(trx: Database, orgId: number, documentKey: string) {
  const row = await trx
    .selectFrom('people')
    .select(['id', 'username', 'password_hash', 'email'])
    .where(scopedToOrg(orgId))
    .where('document_key', '=', documentKey)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The registrant's account moves onto the school's record of the same person (imported without
 * credentials): username, password hash, language, and the email when the record has none. The
 * registration then points at the record and the registrant's row is deleted.
 */
export async function mergeRegistrantInto(
  trx: Database,
  orgId: number,
  registrantId: number,
  holder: { id: number; email: string | null },
): Promise<void> {
  const holderId = holder.id;
  const registrant = await trx
    .selectFrom('people')
    .select(['username', 'password_hash', 'email', 'language'])
    .where(scopedToOrg(orgId))
    .where('id', '=', registrantId)
    .executeTakeFirstOrThrow();
  await trx.updateTable('registrations').set({ person_id: holderId }).where(scopedToOrg(orgId)).where('person_id', '=', registrantId).execute();
  // The username is unique per school: free it before the record takes it.
  await trx.updateTable('people').set({ username: null }).where(scopedToOrg(orgId)).where('id', '=', registrantId).execute();
  await trx
    .updateTable('people')
    .set({
      username: registrant.username,
      password_hash: registrant.password_hash,
      language: registrant.language,
      email: holder.email || registrant.email,
    })
    .where(scopedToOrg(orgId))
    .where('id', '=', holderId)
    .execute();
  await trx.deleteFrom('people').where(scopedToOrg(orgId)).where('id', '=', registrantId).execute();
}

/**
 * The registrant's account moves onto a person of the school who already signs in, after that person
 * confirmed the registration is theirs (or an administrator decided so): they keep their own
 * credentials, the registration points at them and the registrant's row is deleted.
 */
export async function moveRegistrationTo(trx: Database, orgId: number, registrantId: number, holderId: number): Promise<void> {
  await trx.updateTable('registrations').set({ person_id: holderId }).where(scopedToOrg(orgId)).where('person_id', '=', registrantId).execute();
  await trx.deleteFrom('people').where(scopedToOrg(orgId)).where('id', '=', registrantId).execute();
}

/**
 * The school's person with this document, created when there is none (`created` tells which). The
 * unique (org_id, document_key) index is the arbiter: a parallel approval naming the same child makes
 * the insert do nothing, and the person it created is read back (never a duplicate, never a 500).
 */
export async function insertOrFindPerson(
  trx: Database,
  orgId: number,
  person: StagedPerson & { email?: string | null; mobile?: string | null },
): Promise<{ id: number; created: boolean }> {
  const documentKey = documentKeyOf(person.document);
  const row = {
    first_name: person.firstName,
    last_name: person.lastName,
    last_name2: person.lastName2,
    document: person.document,
  };
  const inserted = await trx
    .insertInto('people')
    .values({
      ...row,
      org_id: orgId,
      username: null,
      password_hash: null,
      gender: person.gender,
      birthday: person.birthday,
      email: person.email ?? null,
      mobile: person.mobile ?? null,
      student_code: null,
      avatar: null,
      language: null,
      is_admin: 0,
      search_key: searchKeyOf(row),
      sort_key: sortKeyOf(row),
      document_key: documentKey,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['org_id', 'document_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  const holder = await findDocumentHolder(trx, orgId, documentKey!);
  if (!holder) throw new Error('A person with this document was neither inserted nor found');
  return { id: holder.id, created: false };
}

/**
 * A rejected account can no longer sign in: no password, no registered devices, no unused sign-in
 * links. Its access tokens still verify, so the request gate refuses them by the registration status.
 */
export async function revokeRegistrant(trx: Database, orgId: number, personId: number): Promise<void> {
  await trx.updateTable('people').set({ password_hash: null }).where(scopedToOrg(orgId)).where('id', '=', personId).execute();
  await trx.deleteFrom('devices').where(scopedToOrg(orgId)).where('person_id', '=', personId).execute();
  await trx.deleteFrom('login_tokens').where(scopedToOrg(orgId)).where('person_id', '=', personId).where('used_at', 'is', null).execute();
}

/** The gender of a person of the school (the approved parent's kind of relative: father, mother, guardian). */
export async function findGender(trx: Database, orgId: number, personId: number): Promise<'female' | 'male' | null> {
  const row = await trx.selectFrom('people').select('gender').where(scopedToOrg(orgId)).where('id', '=', personId).executeTakeFirstOrThrow();
  return row.gender;
}
