import { afterAll, expect, it } from 'vitest';
import { defaultSignInLimits } from '../../config';
import { basic } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { startSmtpCatcher } from '../registration/smtp-catcher';
import { goodPassword, invitingSchool, linkTokenOf, makeImportedRelative } from './invitations.fixtures';

const smtp = await startSmtpCatcher();
afterAll(() => smtp.close());

describeOnDatabases(
  'invitations',
  (t) => {
    const api = (code: string, path: string) => `/api/${code}/${path}`;
    const signIn = (code: string, username: string, password: string) =>
      t.request({ method: 'POST', url: api(code, 'oauth/token'), body: { grant_type: 'client_credentials' }, headers: { authorization: basic(username, password) } });

    it('invites the families of a class: one mail each in their language, skipping who has no email or already signs in', async () => {
      const s = await invitingSchool(t);
      const res = await t.request({ method: 'POST', url: api(s.school.code, 'invitations'), token: s.adminToken, body: { nodeId: s.tree.classA } });
      expect(res.statusCode).toBe(200);
      // Class A: the two imported parents of Lucía, Nora (no email) and Ana (signs in already) of Mateo, and teacher Teo (signs in).
      expect(res.json()).toEqual({ sent: 2, skipped: { total: 3, noEmail: 1, alreadyActive: 2, registrationPending: 0 } });
      await t.drainJobs();

      const toMother = smtp.mails.filter((m) => m.to.includes(s.mother.email!));
      expect(toMother).toHaveLength(1);
      expect(toMother[0].subject).toBe('Colegio Las Palmas invites you to Patio');
      expect(toMother[0].text).toContain(`Your username is: ${s.mother.email}`);
      const toFather = smtp.mails.filter((m) => m.to.includes(s.father.email!));
      // No language of his own: Spanish.
      expect(toFather[0].subject).toBe('Colegio Las Palmas te invita a Patio');
      expect(linkTokenOf(smtp.mails, s.mother.email!, '/welcome')).toMatch(/^[\w-]{43}$/);
      expect(smtp.mails.some((m) => m.text.includes('Nora'))).toBe(false);

      // The imported parents got their email as username; the mail job says what it is about.
      const usernames = await t.db.selectFrom('people').select(['id', 'username']).where('org_id', '=', s.school.id).where('id', 'in', [s.mother.id, s.father.id]).execute();
      expect(Object.fromEntries(usernames.map((u) => [u.id, u.username]))).toEqual({ [s.mother.id]: s.mother.email, [s.father.id]: s.father.email });
      const jobs = await t.db.selectFrom('jobs').select(['kind', 'summary', 'state']).where('org_id', '=', s.school.id).where('kind', '=', 'invitation.mail').execute();
      expect(jobs.map((j) => [j.state, JSON.parse(j.summary)])).toEqual(
        expect.arrayContaining([['done', { topic: 'invitation', personId: s.mother.id }], ['done', { topic: 'invitation', personId: s.father.id }]]),
      );
    });

    it('takes a parent from the mailed link to a password of their own, then signed out and back in', async () => {
      const s = await invitingSchool(t);
      await t.request({ method: 'POST', url: api(s.school.code, 'invitations'), token: s.adminToken, body: { personIds: [s.mother.id] } });
      await t.drainJobs();
      const token = linkTokenOf(smtp.mails, s.mother.email!, '/welcome');
      const status = async () => (await t.request({ method: 'GET', url: api(s.school.code, `invitations/${s.mother.id}`), token: s.adminToken })).json();
      expect(await status()).toMatchObject({ status: 'sent', sendCount: 1, openedAt: null, signedInAt: null, hasPassword: false });

      const welcome = await t.request({ method: 'POST', url: api(s.school.code, 'invitations/welcome'), body: { token } });
      expect(welcome.statusCode).toBe(200);
      expect(welcome.json()).toEqual({
        firstName: 'Marta', lastName: 'Pardo', school: 'Colegio Las Palmas', username: s.mother.email, email: s.mother.email,
        hasPassword: false, expiresAt: expect.any(String),
      });
      expect(Date.parse(welcome.json().expiresAt) - Date.now()).toBeGreaterThan(13 * 24 * 3600_000);
      expect(await status()).toMatchObject({ status: 'opened', openedAt: expect.any(String) });

      // A weak password is refused with the registration form's code, and the link still works.
      const weak = await t.request({ method: 'POST', url: api(s.school.code, 'invitations/welcome/accept'), body: { token, password: 'mariposa1234' } });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toMatchObject({ error: 'invalid_password', details: [{ path: 'password', code: 'password_weak', message: 'This password is easy to guess; add more words or characters' }] });
      const none = await t.request({ method: 'POST', url: api(s.school.code, 'invitations/welcome/accept'), body: { token } });
      expect(none.json().details[0].code).toBe('password_required');

      const accepted = await t.request({ method: 'POST', url: api(s.school.code, 'invitations/welcome/accept'), body: { token, password: goodPassword } });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({ token_type: 'bearer', username: s.mother.email });
      const me = await t.request({ method: 'GET', url: api(s.school.code, `people/${s.mother.id}`), token: accepted.json().access_token });
      expect(me.statusCode).toBe(200);
      expect(await status()).toMatchObject({ status: 'signed_in', signedInAt: expect.any(String), hasPassword: true });

      // The link is used up; the new password signs in by username.
      const again = await t.request({ method: 'POST', url: api(s.school.code, 'invitations/welcome'), body: { token } });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe('invalid_invitation_token');
      expect((await signIn(s.school.code, s.mother.email!, goodPassword)).statusCode).toBe(200);
    });

    it('replaces the earlier link when sent again, and keeps a signed-in person signed in', async () => {
      const s = await invitingSchool(t);
      const send = () => t.request({ method: 'POST', url: api(s.school.code, `invitations/${s.father.id}`), token: s.adminToken });
      expect((await send()).statusCode).toBe(200);
      await t.drainJobs();
      const first = linkTokenOf(smtp.mails, s.father.email!, '/welcome');
      const second = await send();
      expect(second.json()).toMatchObject({ status: 'sent', sendCount: 2 });
      await t.drainJobs();
      const latest = linkTokenOf(smtp.mails, s.father.email!, '/welcome');
      expect(latest).not.toBe(first);
      expect((await t.request({ method: 'POST', url: api(s.school.code, 'invitations/welcome'), body: { token: first } })).statusCode).toBe(400);
      const accepted = await t.request({ method: 'POST', url: api(s.school.code, 'invitations/welcome/accept'), body: { token: latest, password: goodPassword } });
      expect(accepted.statusCode).toBe(200);

      // Sent once more: the mail now says the link signs him in; he stays "signed in".
      expect((await send()).json()).toMatchObject({ status: 'signed_in', sendCount: 3, hasPassword: true });
      await t.drainJobs();
      const mail = smtp.mails.filter((m) => m.to.includes(s.father.email!)).at(-1)!;
      expect(mail.subject).toBe('Tu enlace para entrar a Patio de Colegio Las Palmas');
    });

    it('signs in someone who already has a password without a password step, and a later password sign-in counts', async () => {
      const s = await invitingSchool(t);
      const res = await t.request({ method: 'POST', url: api(s.school.code, 'invitations'), token: s.adminToken, body: { personIds: [s.active.id, s.teacher.id], includeActive: true } });
      expect(res.json()).toMatchObject({ sent: 2, skipped: { total: 0 } });
      await t.drainJobs();
      const token = linkTokenOf(smtp.mails, `${s.active.username}@example.com`, '/welcome');
      const welcome = await t.request({ method: 'POST', url: api(s.school.code, 'invitations/welcome'), body: { token } });
      expect(welcome.json()).toMatchObject({ hasPassword: true, username: s.active.username });
      const accepted = await t.request({ method: 'POST', url: api(s.school.code, 'invitations/welcome/accept'), body: { token } });
      expect(accepted.statusCode).toBe(200);
      // Her password did not change.
      expect((await signIn(s.school.code, s.active.username, s.active.password)).statusCode).toBe(200);

      // The teacher never opens his link but signs in with his password: invitation complete.
      expect((await signIn(s.school.code, s.teacher.username, s.teacher.password)).statusCode).toBe(200);
      const teacher = await t.request({ method: 'GET', url: api(s.school.code, `invitations/${s.teacher.id}`), token: s.adminToken });
      expect(teacher.json()).toMatchObject({ status: 'signed_in', openedAt: null });
    });

    it('refuses expired links with the same error as used ones', async () => {
      const s = await invitingSchool(t);
      await t.request({ method: 'POST', url: api(s.school.code, `invitations/${s.mother.id}`), token: s.adminToken });
      await t.drainJobs();
      const token = linkTokenOf(smtp.mails, s.mother.email!, '/welcome');
      await t.db.updateTable('login_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('org_id', '=', s.school.id).where('person_id', '=', s.mother.id).execute();
      for (const path of ['invitations/welcome', 'invitations/welcome/accept']) {
        const res = await t.request({ method: 'POST', url: api(s.school.code, path), body: { token, password: goodPassword } });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe('invalid_invitation_token');
      }
      const row = await t.db.selectFrom('people').select('password_hash').where('org_id', '=', s.school.id).where('id', '=', s.mother.id).executeTakeFirstOrThrow();
      expect(row.password_hash).toBeNull();
    });

    it('never lets an invitation link sign in as an administrator link, nor works in another school', async () => {
      const s = await invitingSchool(t);
      const other = await t.makeSchool();
      await t.request({ method: 'POST', url: api(s.school.code, `invitations/${s.mother.id}`), token: s.adminToken });
      await t.drainJobs();
      const token = linkTokenOf(smtp.mails, s.mother.email!, '/welcome');
      expect((await t.request({ method: 'POST', url: api(s.school.code, 'oauth/login-token'), body: { token } })).statusCode).toBe(401);
      expect((await t.request({ method: 'POST', url: api(other.code, 'invitations/welcome'), body: { token } })).statusCode).toBe(400);
      expect((await t.request({ method: 'POST', url: api(other.code, 'invitations/welcome/accept'), body: { token, password: goodPassword } })).statusCode).toBe(400);
      // Still good at home.
      expect((await t.request({ method: 'POST', url: api(s.school.code, 'invitations/welcome'), body: { token } })).statusCode).toBe(200);
    });

    it('lists the families of a group with their status and counts them, paged', async () => {
      const s = await invitingSchool(t);
      await t.request({ method: 'POST', url: api(s.school.code, 'invitations'), token: s.adminToken, body: { personIds: [s.mother.id, s.father.id] } });
      await t.drainJobs();
      await t.request({ method: 'POST', url: api(s.school.code, 'invitations/welcome'), body: { token: linkTokenOf(smtp.mails, s.father.email!, '/welcome') } });

      const list = await t.request({ method: 'GET', url: api(s.school.code, `invitations?node=${s.tree.classA}&limit=2`), token: s.adminToken });
      expect(list.statusCode).toBe(200);
      expect(list.headers['x-total-count']).toBe('5');
      expect(list.json()).toHaveLength(2);
      const all = (await t.request({ method: 'GET', url: api(s.school.code, `invitations?node=${s.tree.classA}&limit=100`), token: s.adminToken })).json();
      const byId = Object.fromEntries(all.map((i: { personId: number; status: string }) => [i.personId, i.status]));
      expect(byId).toEqual({ [s.mother.id]: 'sent', [s.father.id]: 'opened', [s.noEmail.id]: 'not_sent', [s.active.id]: 'not_sent', [s.teacher.id]: 'not_sent' });
      // Students are not families.
      expect(byId[s.studentA.id]).toBeUndefined();

      const opened = await t.request({ method: 'GET', url: api(s.school.code, `invitations?node=${s.tree.classA}&status=opened`), token: s.adminToken });
      expect(opened.json().map((i: { personId: number }) => i.personId)).toEqual([s.father.id]);
      const counts = await t.request({ method: 'GET', url: api(s.school.code, `invitations/counts?node=${s.tree.classA}`), token: s.adminToken });
      expect(counts.json()).toEqual({ total: 5, notSent: 3, sent: 1, opened: 1, signedIn: 0, withoutEmail: 1 });
      // The grade above the class holds the same families.
      const grade = await t.request({ method: 'GET', url: api(s.school.code, `invitations/counts?node=${s.tree.grade}`), token: s.adminToken });
      expect(grade.json().total).toBe(5);
      // Class B has nobody yet.
      expect((await t.request({ method: 'GET', url: api(s.school.code, `invitations/counts?node=${s.tree.classB}`), token: s.adminToken })).json().total).toBe(0);
      // Without a node: the school's adults and anyone invited, never a student.
      const school = (await t.request({ method: 'GET', url: api(s.school.code, 'invitations?limit=100'), token: s.adminToken })).json();
      expect(school.map((i: { personId: number }) => i.personId)).not.toContain(s.studentA.id);
      expect(school.map((i: { personId: number }) => i.personId)).toEqual(expect.arrayContaining([s.admin.id, s.mother.id, s.teacher.id]));
    });

    it('skips and refuses unapproved registrations and people without an email', async () => {
      const s = await invitingSchool(t);
      const registrant = await makeRegistrant(t, s.school);
      const bulk = await t.request({ method: 'POST', url: api(s.school.code, 'invitations'), token: s.adminToken, body: { personIds: [registrant.id, s.noEmail.id, s.mother.id] } });
      expect(bulk.json()).toEqual({ sent: 1, skipped: { total: 2, noEmail: 1, alreadyActive: 0, registrationPending: 1 } });
      const one = await t.request({ method: 'POST', url: api(s.school.code, `invitations/${s.noEmail.id}`), token: s.adminToken });
      expect(one.statusCode).toBe(409);
      expect(one.json().error).toBe('no_email');
      const pending = await t.request({ method: 'POST', url: api(s.school.code, `invitations/${registrant.id}`), token: s.adminToken });
      expect(pending.statusCode).toBe(409);
      expect(pending.json().error).toBe('registration_pending');
      expect((await t.request({ method: 'GET', url: api(s.school.code, `invitations/${registrant.id}`), token: s.adminToken })).statusCode).toBe(404);
    });

    it('is for school administrators: teachers and parents 403, guests 401, another school 403 and its ids 404', async () => {
      const s = await invitingSchool(t);
      const other = await t.makeSchool();
      const otherTree = await t.makeTree(other);
      const otherAdmin = await t.makePerson(other, { role: 'admin' });
      const stranger = await t.makePerson(other, { firstName: 'Lejana' });
      const parent = await t.makePerson(s.school, { relativeOf: s.studentA });
      const routes = [
        { method: 'POST' as const, path: 'invitations', body: { personIds: [s.mother.id] } },
        { method: 'GET' as const, path: `invitations?node=${s.tree.classA}` },
        { method: 'GET' as const, path: 'invitations/counts' },
        { method: 'GET' as const, path: `invitations/${s.mother.id}` },
        { method: 'POST' as const, path: `invitations/${s.mother.id}` },
      ];
      for (const route of routes) {
        for (const [who, token, status] of [
          ['teacher', await t.signIn(s.teacher), 403],
          ['parent', await t.signIn(parent), 403],
          ['guest', undefined, 401],
          ['another school\'s admin', await t.signIn(otherAdmin), 403],
        ] as const) {
          const res = await t.request({ method: route.method, url: api(s.school.code, route.path), token, body: route.body });
          expect(res.statusCode, `${route.method} ${route.path} as ${who}`).toBe(status);
        }
      }
      const otherToken = await t.signIn(otherAdmin);
      // Another school's people and groups are unknown here, and nothing is sent.
      const theirs = await t.request({ method: 'POST', url: api(s.school.code, 'invitations'), token: s.adminToken, body: { personIds: [s.mother.id, stranger.id] } });
      expect(theirs.statusCode).toBe(404);
      expect((await t.request({ method: 'POST', url: api(s.school.code, 'invitations'), token: s.adminToken, body: { nodeId: otherTree.classA } })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: api(s.school.code, `invitations?node=${otherTree.classA}`), token: s.adminToken })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: api(other.code, `invitations/${s.mother.id}`), token: otherToken })).statusCode).toBe(404);
      expect((await t.request({ method: 'POST', url: api(other.code, `invitations/${s.mother.id}`), token: otherToken })).statusCode).toBe(404);
      const sent = await t.db.selectFrom('invitations').select('id').where('org_id', '=', s.school.id).execute();
      expect(sent).toEqual([]);
    });

    it('gives twenty parallel sends to one person one live link, one mail each and a whole count', async () => {
      const s = await invitingSchool(t);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => t.request({ method: 'POST', url: api(s.school.code, `invitations/${s.mother.id}`), token: s.adminToken })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      const live = await t.db.selectFrom('login_tokens').select('id').where('org_id', '=', s.school.id).where('person_id', '=', s.mother.id).where('purpose', '=', 'invitation').where('used_at', 'is', null).execute();
      expect(live).toHaveLength(1);
      const row = await t.db.selectFrom('invitations').select(['send_count', 'status']).where('org_id', '=', s.school.id).where('person_id', '=', s.mother.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ send_count: 20, status: 'sent' });
      const jobs = await t.db.selectFrom('jobs').select('id').where('org_id', '=', s.school.id).where('kind', '=', 'invitation.mail').execute();
      expect(jobs).toHaveLength(20);
      await t.drainJobs();
      expect(smtp.mails.filter((m) => m.to.includes(s.mother.email!))).toHaveLength(20);
      // Only the link of the last mail written to the table works.
      const person = await t.db.selectFrom('people').select('username').where('org_id', '=', s.school.id).where('id', '=', s.mother.id).executeTakeFirstOrThrow();
      expect(person.username).toBe(s.mother.email);
    });

    it('gives two imported parents who share an email one username each', async () => {
      const s = await invitingSchool(t);
      const shared = `casa.${Date.now()}@example.com`;
      const one = await makeImportedRelative(t, s.school, s.studentB, { firstName: 'Uno', email: shared });
      const two = await makeImportedRelative(t, s.school, s.studentB, { firstName: 'Dos', email: shared.toUpperCase(), kind: 'father' });
      const res = await Promise.all([one, two].map((p) => t.request({ method: 'POST', url: api(s.school.code, `invitations/${p.id}`), token: s.adminToken })));
      expect(res.map((r) => r.statusCode)).toEqual([200, 200]);
      const rows = await t.db.selectFrom('people').select(['id', 'username']).where('org_id', '=', s.school.id).where('id', 'in', [one.id, two.id]).orderBy('id').execute();
      const names = rows.map((r) => r.username!);
      expect(new Set(names).size).toBe(2);
      expect(names).toContain(shared);
    });

    it('refuses NUL bytes, huge lists and oversized tokens with 400 and writes nothing', async () => {
      const s = await invitingSchool(t);
      const cases = [
        { path: 'invitations/welcome', body: { token: `${'a'.repeat(30)}\u0000` } },
        { path: 'invitations/welcome/accept', body: { token: 'a'.repeat(40), password: `${goodPassword}\u0000` } },
        { path: 'invitations/welcome', body: { token: 'a'.repeat(10_000) } },
        { path: 'invitations', body: { personIds: Array.from({ length: 1001 }, (_, i) => i + 1) }, token: s.adminToken },
        { path: 'invitations', body: { personIds: [s.mother.id], nodeId: s.tree.classA }, token: s.adminToken },
        { path: 'invitations', body: {}, token: s.adminToken },
      ];
      for (const c of cases) {
        const res = await t.request({ method: 'POST', url: api(s.school.code, c.path), token: c.token, body: c.body });
        expect(res.statusCode, c.path).toBe(400);
        expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      }
      expect(await t.db.selectFrom('invitations').select('id').where('org_id', '=', s.school.id).execute()).toEqual([]);
      const huge = await t.request({ method: 'POST', url: api(s.school.code, 'invitations/welcome/accept'), body: { token: 'b'.repeat(43), password: 'x'.repeat(5000) } });
      expect(huge.statusCode).toBe(400);
    });
  },
  { smtpUrl: smtp.url, signInLimits: { ...defaultSignInLimits, perIp: 1000 } },
);
