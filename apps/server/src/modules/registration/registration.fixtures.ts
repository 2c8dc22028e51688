import type { Org } from '../../policy/policy';
import { basic } from '../../test/factories';
import type { TestApp } from '../../test/harness';

// Builders shared by the registration suites: a §3 form, the school that takes it, the mailed
// verification token, and sign-in as the registering parent.

let n = 0;

/** A valid §3 form for `course`, with a fresh email and documents unless overridden. */
export function familyForm(course: number, overrides: Record<string, unknown> = {}) {
  n++;
  const stamp = `${n}${Date.now()}`;
  return {
    firstName: 'Laura', lastName: 'Gómez', lastName2: 'Ríos', document: `CC${stamp}`, gender: 'female',
    birthday: '1985-04-12', email: `laura${stamp}@example.com`, password: 'a good password', passwordConfirmation: 'a good password',
    course, language: 'en',
    children: [{ firstName: 'Tomás', lastName: 'Gómez', document: `TI${stamp}`, gender: 'male', birthday: '2016-09-01' }],
    ...overrides,
  };
}

export type FamilyForm = ReturnType<typeof familyForm>;

/** A school that takes registrations, its class tree and an administrator. */
export async function registeringSchool(t: TestApp, enabled = true) {
  const school = await t.makeSchool({ settings: { registration: { enabled } } });
  const tree = await t.makeTree(school);
  const admin = await t.makePerson(school, { role: 'admin' });
  return { school, tree, admin, url: `/api/${school.code}/registration`, adminToken: await t.signIn(admin) };
}

/** The token of the last verification mail sent to `email`. */
export function verificationTokenOf(mails: { to: string[]; text: string }[], email: string): string {
  const mail = mails.filter((m) => m.to.includes(email) && m.text.includes('/registration/verify?')).at(-1);
  if (!mail) throw new Error(`No verification mail reached ${email}`);
  const link = mail.text.match(/https?:\/\/\S+\/registration\/verify\?school=[\w-]+&token=[\w-]+/)![0];
  return new URL(link).searchParams.get('token')!;
}

/** POST oauth/token as the registering parent. */
export function signInAs(t: TestApp, school: Org, form: { email: string; password: string }) {
  return t.request({
    method: 'POST', url: `/api/${school.code}/oauth/token`, body: { grant_type: 'client_credentials' },
    headers: { authorization: basic(form.email, form.password) },
  });
}

/** The parent's person id, read by the username the registration gave them. */
export async function registrantId(t: TestApp, school: Org, email: string): Promise<number> {
  const row = await t.db.selectFrom('people').select('id').where('org_id', '=', school.id).where('username', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

/** Registers `form`, verifies the mailed link and signs in: answers the parent's id and token. */
export async function registerVerifiedFamily(t: TestApp, school: Org, mails: { to: string[]; text: string }[], form: FamilyForm) {
  const created = await t.request({ method: 'POST', url: `/api/${school.code}/registration`, body: form });
  if (created.statusCode !== 202) throw new Error(`registration answered ${created.statusCode}: ${created.body}`);
  await t.drainJobs();
  const token = verificationTokenOf(mails, form.email);
  const verified = await t.request({ method: 'POST', url: `/api/${school.code}/registration/verify`, body: { token } });
  if (verified.statusCode !== 200) throw new Error(`verification answered ${verified.statusCode}`);
  const signedIn = await signInAs(t, school, form);
  return { personId: await registrantId(t, school, form.email), token: signedIn.json().access_token as string };
}
