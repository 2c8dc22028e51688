import { randomBytes } from 'node:crypto';
import type { TestPerson } from './factories';
import type { Org, TestApp } from './harness';

/**
 * A self-registered parent account whose registration is `status` (default pending), as registration
 * leaves it before approval: the person row and the registration row, no family, no memberships.
 */
export async function makeRegistrant(
  t: TestApp,
  org: Org,
  options: { status?: 'pending' | 'approved' | 'rejected'; firstName?: string } = {},
): Promise<TestPerson> {
  const person = await t.makePerson(org, { firstName: options.firstName ?? 'Renata' });
  await t.db
    .insertInto('registrations')
    .values({
      org_id: org.id,
      person_id: person.id,
      status: options.status ?? 'pending',
      language: 'es',
      token_hash: randomBytes(32).toString('hex'),
      token_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      email_verified_at: null,
      decided_by: null,
      decided_at: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  return person;
}
