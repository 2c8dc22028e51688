import type { Org } from '../../policy/policy';
import type { TestApp } from '../../test/harness';
import { hashLoginToken, newLoginToken } from '../auth/index';
import { insertRegistration } from './registration.queries';

/**
 * A pending registration naming the document of a person of `school`, with a live confirmation link
 * mailed to that person: answers the link's token (each call its own registration and link).
 */
export async function freshRegistrationLink(t: TestApp, school: Org): Promise<string> {
  const onFile = await t.makePerson(school, { role: 'relative' });
  const registrant = await t.makePerson(school, { password: 'registrant password' });
  const admin = await t.makePerson(school, { role: 'admin' });
  const { document } = await t.db.selectFrom('people').select('document').where('org_id', '=', school.id).where('id', '=', onFile.id).executeTakeFirstOrThrow();
  await t.db.updateTable('people').set({ document: null, document_key: null }).where('org_id', '=', school.id).where('id', '=', registrant.id).execute();
  await insertRegistration(t.db, school.id, {
    personId: registrant.id,
    language: 'es',
    tokenHash: `link-${registrant.id}`,
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
    form: JSON.stringify({ parentDocument: document, children: [], relatives: [] }),
  });
  const registration = await t.db.selectFrom('registrations').select('id').where('org_id', '=', school.id).where('person_id', '=', registrant.id).executeTakeFirstOrThrow();
  const token = newLoginToken();
  await t.db
    .insertInto('registration_links')
    .values({
      org_id: school.id,
      registration_id: registration.id,
      person_id: onFile.id,
      sent_to: `${onFile.username}@example.com`,
      token_hash: hashLoginToken(token),
      status: 'pending',
      send_count: 1,
      sent_by: admin.id,
      sent_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
      answered_at: null,
    })
    .execute();
  return token;
}
