import { afterAll, expect, it } from 'vitest';
import { defaultRegistrationLimits } from '../../config';
import type { Org } from '../../policy/policy';
import { describeOnDatabases, type TestApp } from '../../test/harness';
import { familyForm, registerVerifiedFamily, registeringSchool, signInAs } from './registration.fixtures';
import { startSmtpCatcher } from './smtp-catcher';

// Issue 29 item 3 (decision 023): a stranger registered with an existing parent's document and their
// own email; one approval made them that parent, with the children's documents, birthdays and clinic
// data. A document match is now a warning; linking needs the person on file to confirm, or an
// administrator's audited decision where there is no contact on file.

const smtp = await startSmtpCatcher();
afterAll(() => smtp.close());

type School = Awaited<ReturnType<typeof registeringSchool>>;

/** A family the school already holds: a parent (optionally without an email or an account) and a child in 3A with clinic data. */
async function existingFamily(t: TestApp, s: School, options: { email?: string | null; account?: boolean; language?: string } = {}) {
  const parent = await t.makePerson(s.school, { role: 'relative', firstName: 'Elena', lastName: 'Vargas' });
  const child = await t.makePerson(s.school, { role: 'student', node: s.tree.classA, firstName: 'Lucía', lastName: 'Vargas' });
  await t.relate(parent, child, 'mother');
  // Unique across both databases' runs: they share one mail catcher.
  const email = options.email === undefined ? `elena${parent.id}.${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com` : options.email;
  await t.db
    .updateTable('people')
    .set({
      email,
      mobile: '+57 311 222 3344',
      language: options.language ?? 'es',
      ...(options.account ? {} : { username: null, password_hash: null }),
    })
    .where('org_id', '=', s.school.id)
    .where('id', '=', parent.id)
    .execute();
  await t.db
    .updateTable('people')
    .set({ birthday: '2016-02-03', blood_type: 'O+', medical_insurance: 'Sanitas' })
    .where('org_id', '=', s.school.id)
    .where('id', '=', child.id)
    .execute();
  const docs = await t.db.selectFrom('people').select(['id', 'document']).where('org_id', '=', s.school.id).where('id', 'in', [parent.id, child.id]).execute();
  const documentOf = (id: number) => docs.find((d) => d.id === id)!.document!;
  return { parent, child, email, parentDocument: documentOf(parent.id), childDocument: documentOf(child.id) };
}

type Family = Awaited<ReturnType<typeof existingFamily>>;

/** A registration naming the family's parent document and child, by someone with their own email. */
async function registerWithDocuments(t: TestApp, s: School, family: Family, overrides: Record<string, unknown> = {}) {
  const form = familyForm(s.tree.classA, {
    firstName: 'Marta', lastName: 'Ruiz', document: family.parentDocument,
    children: [{ firstName: 'Lucía', lastName: 'Vargas', document: family.childDocument, gender: 'female', birthday: '2016-02-03' }],
    ...overrides,
  });
  const registrant = await registerVerifiedFamily(t, s.school, smtp.mails, form);
  return { form, ...registrant };
}

const approve = (t: TestApp, school: Org, personId: number, token: string, body?: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/api/${school.code}/registrations/${personId}/approve`, token, ...(body ? { body } : {}) });

const pendingOf = async (t: TestApp, s: School, personId: number) => {
  const listed = await t.request({ method: 'GET', url: `/api/${s.school.code}/registrations`, token: s.adminToken });
  return (listed.json() as { personId: number }[]).find((r) => r.personId === personId) as Record<string, unknown> | undefined;
};

/** The token of the last confirmation link mailed to `email`. */
function linkTokenOf(email: string): string {
  const mail = smtp.mails.filter((m) => m.to.includes(email) && m.text.includes('/registration/link?')).at(-1);
  if (!mail) throw new Error(`No confirmation mail reached ${email}`);
  const link = mail.text.match(/https?:\/\/\S+\/registration\/link\?school=[\w-]+&token=[\w-]+/)![0];
  return new URL(link).searchParams.get('token')!;
}

const answer = (t: TestApp, school: Org, token: string, value: 'confirm' | 'refuse') =>
  t.request({ method: 'POST', url: `/api/${school.code}/registration/link`, body: { token, answer: value } });

const statusOf = async (t: TestApp, school: Org, registrantId: number) =>
  (await t.db.selectFrom('registrations').select('status').where('org_id', '=', school.id).where('person_id', '=', registrantId).executeTakeFirst())?.status;

describeOnDatabases(
  'registrations that cannot take over a family',
  (t) => {
    it("item 3: the probe's takeover now yields a new person who sees none of the existing parent's children data", async () => {
      const s = await registeringSchool(t);
      const family = await existingFamily(t, s);
      const stranger = await registerWithDocuments(t, s, family);

      // The administrator sees the match as a warning, the differences side by side.
      const listed = await pendingOf(t, s, stranger.personId);
      expect(listed).toMatchObject({
        firstName: 'Marta', lastName: 'Ruiz', email: stranger.form.email, mobile: null,
        match: { id: family.parent.id, firstName: 'Elena', lastName: 'Vargas', email: family.email, mobile: '+57 311 222 3344', hasAccount: false },
        linking: { choices: ['confirm'], confirmation: null, decision: null },
        children: [{ match: { id: family.child.id } }],
      });

      // One approval without linking: a new person.
      const approved = await approve(t, s.school, stranger.personId, s.adminToken);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json()).toMatchObject({ personId: stranger.personId, status: 'approved' });

      // As the registrant: no children, and the existing family's data stays closed.
      const token = (await signInAs(t, s.school, stranger.form)).json().access_token as string;
      const children = await t.request({ method: 'GET', url: `/api/${s.school.code}/people/${stranger.personId}/children`, token });
      expect(children.statusCode, children.body).toBe(200);
      expect(children.json()).toEqual([]);
      for (const id of [family.child.id, family.parent.id]) {
        const profile = await t.request({ method: 'GET', url: `/api/${s.school.code}/people/${id}`, token });
        if (profile.statusCode === 200) {
          expect(profile.json()).not.toHaveProperty('document');
          expect(profile.json()).not.toHaveProperty('birthday');
          expect(profile.json()).not.toHaveProperty('clinic');
        } else expect([403, 404]).toContain(profile.statusCode);
      }
      const mine = await t.request({ method: 'GET', url: `/api/${s.school.code}/people/${stranger.personId}`, token });
      expect(mine.json().relatives ?? []).toEqual([]);
      expect(mine.body).not.toContain(family.childDocument);
      expect(mine.body).not.toContain(family.parentDocument);

      // The school's record of the parent is untouched: no account, its own email.
      const record = await t.db.selectFrom('people').select(['username', 'password_hash', 'email']).where('org_id', '=', s.school.id).where('id', '=', family.parent.id).executeTakeFirstOrThrow();
      expect(record).toEqual({ username: null, password_hash: null, email: family.email });
      const relationships = await t.db.selectFrom('relationships').select('id').where('org_id', '=', s.school.id)
        .where((eb) => eb.or([eb('person_id', '=', stranger.personId), eb('relative_id', '=', stranger.personId)])).execute();
      expect(relationships).toEqual([]);
    });

    it('item 3: a link happens only after the person on file confirms through the mailed link, in their language', async () => {
      const s = await registeringSchool(t);
      const family = await existingFamily(t, s, { language: 'de' });
      const registrant = await registerWithDocuments(t, s, family);

      const sent = await approve(t, s.school, registrant.personId, s.adminToken, { link: 'confirm' });
      expect(sent.statusCode, sent.body).toBe(202);
      expect(sent.json()).toMatchObject({ status: 'pending', linking: { choices: [], confirmation: { status: 'pending', sentTo: family.email } } });
      await t.drainJobs();
      const mail = smtp.mails.filter((m) => m.to.includes(family.email!)).at(-1)!;
      expect(mail.subject).toContain('Ist diese Registrierung von Ihnen?');
      expect(mail.text).toContain(registrant.form.email);
      const token = linkTokenOf(family.email!);

      // Until the answer nothing is linked: the registrant still waits, and sees nothing.
      expect(await statusOf(t, s.school, registrant.personId)).toBe('pending');
      const waiting = await t.request({ method: 'GET', url: `/api/${s.school.code}/people/${family.child.id}`, token: registrant.token });
      expect(waiting.statusCode).toBe(403);
      expect((await approve(t, s.school, registrant.personId, s.adminToken, { link: 'confirm' })).json().error).toBe('confirmation_pending');

      const check = await t.request({ method: 'POST', url: `/api/${s.school.code}/registration/link/check`, body: { token } });
      expect(check.statusCode, check.body).toBe(200);
      expect(check.json()).toMatchObject({ firstName: 'Elena', registrant: { firstName: 'Marta', email: registrant.form.email }, children: ['Lucía Vargas'] });

      const confirmed = await answer(t, s.school, token, 'confirm');
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toEqual({ status: 'confirmed' });
      const row = await t.db.selectFrom('registrations').select(['status', 'person_id']).where('org_id', '=', s.school.id).where('person_id', '=', family.parent.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'approved', person_id: family.parent.id });
      // The person on file now signs in with the registration's credentials and sees their child.
      const signedIn = await signInAs(t, s.school, registrant.form);
      expect(signedIn.statusCode).toBe(200);
      const children = await t.request({ method: 'GET', url: `/api/${s.school.code}/people/${family.parent.id}/children`, token: signedIn.json().access_token });
      expect(children.json().map((c: { id: number }) => c.id)).toEqual([family.child.id]);

      // The link works once; the registration is decided.
      const again = await answer(t, s.school, token, 'confirm');
      expect([again.statusCode, again.json().error]).toEqual([409, 'link_used']);
      expect((await approve(t, s.school, family.parent.id, s.adminToken)).json().error).toBe('registration_decided');
    });

    it('item 3: forged, expired, reused and refused links each get a clear error and link nothing', async () => {
      const s = await registeringSchool(t);
      const family = await existingFamily(t, s);
      const registrant = await registerWithDocuments(t, s, family);

      const forged = await answer(t, s.school, 'x'.repeat(43), 'confirm');
      expect([forged.statusCode, forged.json().error]).toEqual([400, 'invalid_link_token']);
      const bad = await t.request({ method: 'POST', url: `/api/${s.school.code}/registration/link`, body: { token: 'a\u0000b', answer: 'maybe' } });
      expect(bad.statusCode).toBe(400);

      expect((await approve(t, s.school, registrant.personId, s.adminToken, { link: 'confirm' })).statusCode).toBe(202);
      await t.drainJobs();
      const first = linkTokenOf(family.email!);
      // Expired: a clear 410, and the administrator may send a new link.
      await t.db.updateTable('registration_links').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('org_id', '=', s.school.id).execute();
      const expired = await answer(t, s.school, first, 'confirm');
      expect([expired.statusCode, expired.json().error]).toEqual([410, 'link_expired']);
      expect(await pendingOf(t, s, registrant.personId)).toMatchObject({ linking: { choices: ['confirm'], confirmation: { status: 'expired' } } });
      expect((await approve(t, s.school, registrant.personId, s.adminToken, { link: 'confirm' })).statusCode).toBe(202);
      await t.drainJobs();
      const second = linkTokenOf(family.email!);
      expect(second).not.toBe(first);
      expect((await answer(t, s.school, first, 'confirm')).json().error).toBe('invalid_link_token');

      // Refused: the registration stays with the school, which approves it as a new person.
      const refused = await answer(t, s.school, second, 'refuse');
      expect(refused.json()).toEqual({ status: 'refused' });
      const reused = await answer(t, s.school, second, 'confirm');
      expect([reused.statusCode, reused.json().error]).toEqual([409, 'link_used']);
      expect(await statusOf(t, s.school, registrant.personId)).toBe('pending');
      expect(await pendingOf(t, s, registrant.personId)).toMatchObject({ linking: { choices: [], confirmation: { status: 'refused' } } });
      expect((await approve(t, s.school, registrant.personId, s.adminToken, { link: 'confirm' })).json().error).toBe('link_refused');
      expect((await approve(t, s.school, registrant.personId, s.adminToken, { link: 'decide', reason: 'phoned' })).json().error).toBe('link_needs_confirmation');
      const asNew = await approve(t, s.school, registrant.personId, s.adminToken, { link: 'none' });
      expect(asNew.json()).toMatchObject({ personId: registrant.personId, status: 'approved' });
      const record = await t.db.selectFrom('people').select('username').where('org_id', '=', s.school.id).where('id', '=', family.parent.id).executeTakeFirstOrThrow();
      expect(record.username).toBeNull();
    });

    it('item 3: without a contact on file, linking is an administrator decision that needs a reason and is audited', async () => {
      const s = await registeringSchool(t);
      const family = await existingFamily(t, s, { email: null });
      const registrant = await registerWithDocuments(t, s, family);
      expect(await pendingOf(t, s, registrant.personId)).toMatchObject({ match: { email: null }, linking: { choices: ['decide'] } });

      expect((await approve(t, s.school, registrant.personId, s.adminToken, { link: 'confirm' })).json().error).toBe('no_contact_on_file');
      for (const reason of [undefined, '', '   ']) {
        const refused = await approve(t, s.school, registrant.personId, s.adminToken, { link: 'decide', ...(reason === undefined ? {} : { reason }) });
        expect([refused.statusCode, refused.json().error]).toEqual([400, 'reason_required']);
      }
      const nul = await approve(t, s.school, registrant.personId, s.adminToken, { link: 'decide', reason: 'ok\u0000' });
      expect([nul.statusCode, nul.json().error]).toEqual([400, 'invalid_characters']);
      expect((await approve(t, s.school, registrant.personId, s.adminToken, { link: 'decide', reason: 'x'.repeat(1001) })).statusCode).toBe(400);
      expect((await approve(t, s.school, registrant.personId, s.adminToken, { link: 'other' })).statusCode).toBe(400);
      expect(await statusOf(t, s.school, registrant.personId)).toBe('pending');
      expect(await t.db.selectFrom('registration_link_decisions').select('id').where('org_id', '=', s.school.id).execute()).toEqual([]);

      const reason = 'The mother came to the office with her ID on 7 December';
      const decided = await approve(t, s.school, registrant.personId, s.adminToken, { link: 'decide', reason: `  ${reason} ` });
      expect(decided.statusCode, decided.body).toBe(200);
      expect(decided.json()).toMatchObject({ personId: family.parent.id, status: 'approved', linking: { decision: { reason } } });

      const audit = await t.request({ method: 'GET', url: `/api/${s.school.code}/registrations/link-decisions`, token: s.adminToken });
      expect(audit.statusCode).toBe(200);
      expect(audit.headers['x-total-count']).toBe('1');
      const registration = await t.db.selectFrom('registrations').select('id').where('org_id', '=', s.school.id).where('person_id', '=', family.parent.id).executeTakeFirstOrThrow();
      expect(audit.json()).toEqual([
        {
          id: expect.any(Number), registrationId: registration.id, registrantId: registrant.personId, personId: family.parent.id,
          linked: expect.arrayContaining([family.parent.id, family.child.id]), reason,
          decidedBy: { id: s.admin.id, name: `${s.admin.firstName} ${s.admin.lastName}` }, decidedAt: expect.any(String),
        },
      ]);
      // Read-only for administrators, closed to everyone else.
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        const changed = await t.request({ method, url: `/api/${s.school.code}/registrations/link-decisions`, token: s.adminToken, body: {} });
        expect(changed.statusCode).toBe(404);
      }
      const signedIn = (await signInAs(t, s.school, registrant.form)).json().access_token as string;
      expect((await t.request({ method: 'GET', url: `/api/${s.school.code}/registrations/link-decisions`, token: signedIn })).statusCode).toBe(403);
    });

    it("item 3: another school's administrator can neither decide, send nor read, and a link works only at its school", async () => {
      const s = await registeringSchool(t);
      const other = await registeringSchool(t);
      const family = await existingFamily(t, s);
      const registrant = await registerWithDocuments(t, s, family);
      for (const body of [undefined, { link: 'confirm' }, { link: 'decide', reason: 'r' }]) {
        const refused = await approve(t, s.school, registrant.personId, other.adminToken, body);
        expect(refused.statusCode).toBe(403);
        // Their own school's URL does not know the person.
        expect((await approve(t, other.school, registrant.personId, other.adminToken, body)).statusCode).toBe(404);
      }
      expect((await t.request({ method: 'GET', url: `/api/${s.school.code}/registrations/link-decisions`, token: other.adminToken })).statusCode).toBe(403);
      expect((await approve(t, s.school, registrant.personId, s.adminToken, { link: 'confirm' })).statusCode).toBe(202);
      await t.drainJobs();
      const token = linkTokenOf(family.email!);
      expect((await answer(t, other.school, token, 'confirm')).json().error).toBe('invalid_link_token');
      expect(await statusOf(t, s.school, registrant.personId)).toBe('pending');
    });

    it('item 3: twenty parallel sends, confirmations and decisions make one result each', async () => {
      const s = await registeringSchool(t);
      const withEmail = await existingFamily(t, s);
      const a = await registerWithDocuments(t, s, withEmail);
      const sends = await Promise.all(Array.from({ length: 20 }, () => approve(t, s.school, a.personId, s.adminToken, { link: 'confirm' })));
      expect(sends.map((r) => r.statusCode).sort()).toEqual([202, ...Array(19).fill(409)]);
      await t.drainJobs();
      expect(smtp.mails.filter((m) => m.to.includes(withEmail.email!) && m.text.includes('/registration/link?'))).toHaveLength(1);

      const token = linkTokenOf(withEmail.email!);
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => answer(t, s.school, token, i % 2 ? 'refuse' : 'confirm')));
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
      const links = await t.db.selectFrom('registration_links').select('status').where('org_id', '=', s.school.id).execute();
      expect(links).toHaveLength(1);
      const approved = links[0].status === 'confirmed';
      expect(await t.db.selectFrom('registrations').select('status').where('org_id', '=', s.school.id).where('status', '=', 'approved').execute()).toHaveLength(approved ? 1 : 0);

      const withoutEmail = await existingFamily(t, s, { email: null });
      const b = await registerWithDocuments(t, s, withoutEmail);
      const decisions = await Promise.all(
        Array.from({ length: 20 }, () => approve(t, s.school, b.personId, s.adminToken, { link: 'decide', reason: 'Seen at the office' })),
      );
      expect(decisions.filter((r) => r.statusCode === 200), decisions.map((r) => r.body).join('\n')).toHaveLength(1);
      // The losers are refused: already decided, or (once the registrant became the parent) no such registration.
      expect(decisions.filter((r) => r.statusCode === 409 || r.statusCode === 404)).toHaveLength(19);
      expect(await t.db.selectFrom('registration_link_decisions').select('id').where('org_id', '=', s.school.id).execute()).toHaveLength(1);
    });
  },
  { smtpUrl: smtp.url, registrationLimits: { ...defaultRegistrationLimits, registrationsPerIp: 1000 } },
);
