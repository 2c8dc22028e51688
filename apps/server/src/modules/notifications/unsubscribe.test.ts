import { beforeAll, expect, it } from 'vitest';
import type { CaughtMail } from '../registration/smtp-catcher';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { as, publishAs, postTo } from '../posts/posts.fixtures';
import { multipartBody } from '../../test/multipart';
import { deliveriesOf, giveAddresses, makeDeliveriesDue, makeDue, useMailAndPush } from './notifications.fixtures';
import { enqueuePersonalNotice } from './personal-notice.jobs';
import { unsubscribeTextsFor } from './unsubscribe.page';
import { unsubscribeToken, UNSUBSCRIBE_TOKEN_DAYS } from './unsubscribe.token';

// Issue 34 item 2: notification, digest and personal-notice mails carry a one-click unsubscribe
// (RFC 2369 List-Unsubscribe, RFC 8058 List-Unsubscribe-Post) and Auto-Submitted, with their
// Message-ID on the school's domain. The link turns the email channel off without sign-in.

const PUBLIC_URL = 'https://colegio.example.org';
const mail = await useMailAndPush();
const form = { 'content-type': 'application/x-www-form-urlencoded' };

/** A header of a caught mail, unfolded. */
const headerOf = (m: CaughtMail, name: string) => new RegExp(`^${name}: (.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(m.raw)?.[1]?.replace(/\r?\n[ \t]+/g, ' ').trim();

/** The path and query of the mail's List-Unsubscribe link (the test app answers it by inject). */
function unsubscribePathOf(m: CaughtMail): string {
  const link = /^<(https:\/\/[^>]+)>$/.exec(headerOf(m, 'List-Unsubscribe') ?? '')?.[1];
  if (!link) throw new Error(`no List-Unsubscribe link in ${m.raw.slice(0, 800)}`);
  const url = new URL(link);
  expect(url.origin).toBe(PUBLIC_URL);
  return url.pathname + url.search;
}

const emailOn = {
  channels: { email: true, sms: false, ios: true, android: true, web: true },
  types: { urgent_notice: { email: true } },
  quietHours: null,
  digest: false,
  digestTime: '18:00',
  guardianSummary: false,
};

describeOnDatabases(
  'one-click unsubscribe',
  (t) => {
    let w: World;
    beforeAll(async () => {
      w = await makeWorld(t);
    });

    const settingsOf = async (person: World['parentA']) => (await as(t, person, 'GET', `people/${person.id}/settings/notifications`)).json();

    it('issue 34 item 2: a notification mail carries List-Unsubscribe, List-Unsubscribe-Post, Auto-Submitted and a Message-ID on the school domain; one click turns email off for good', async () => {
      const person = await t.makePerson(w.school, { relativeOf: w.studentA, firstName: 'Uno' });
      await giveAddresses(t, person, { email: 'uno@example.org', language: 'en' });
      await as(t, person, 'PUT', `people/${person.id}/settings/notifications`, emailOn);
      await publishAs(t, w.teacherA, postTo([person], { title: 'Field trip' }));
      await t.drainJobs();
      const [m] = mail.mailsTo('uno@example.org');
      expect(m).toBeDefined();
      expect(headerOf(m!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(headerOf(m!, 'Auto-Submitted')).toBe('auto-generated');
      expect(headerOf(m!, 'Message-ID')).toMatch(new RegExp(`^<notification\\.${w.school.id}\\.\\d+@colegio\\.example\\.org>$`));
      const path = unsubscribePathOf(m!);
      expect(path).toMatch(new RegExp(`^/api/${w.school.code}/notifications/unsubscribe\\?token=`));

      // A GET (what a mail scanner does) shows the question in the person's language and changes nothing.
      const page = await t.request({ method: 'GET', url: path, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toContain("default-src 'none'");
      expect(page.headers['content-security-policy']).toContain("form-action 'self'");
      expect(page.body).toContain('<html lang="en">');
      expect(page.body).toContain(unsubscribeTextsFor('en').button);
      expect(page.body).toMatch(/<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click">/);
      expect(page.body).not.toMatch(/<script/i);
      expect((await settingsOf(person)).channels.email).toBe(true);

      // The one-click POST, twenty times at once as an impatient provider might: each 200, one settings row, email off.
      const clicks = await Promise.all(Array.from({ length: 20 }, () => t.request({ method: 'POST', url: path, body: 'List-Unsubscribe=One-Click', headers: form })));
      expect(clicks.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect(clicks[0]!.json()).toEqual({ channel: 'email', enabled: false });
      const rows = await t.db.selectFrom('notification_settings').select('settings').where('org_id', '=', w.school.id).where('person_id', '=', person.id).execute();
      expect(rows).toHaveLength(1);
      const after = await settingsOf(person);
      // The channel and the per-type exception that would have let urgent notices through; the rest kept.
      expect(after).toEqual({ ...emailOn, channels: { ...emailOn.channels, email: false }, types: { urgent_notice: {} } });

      // The next notifications, urgent ones too, send no mail.
      await publishAs(t, w.teacherA, postTo([person], { title: 'Another' }));
      await publishAs(t, w.teacherA, postTo([person], { title: 'Urgent', type: 'urgent_notice' }));
      await t.drainJobs();
      expect(mail.mailsTo('uno@example.org')).toHaveLength(1);
    });

    it('issue 34 item 2: a digest carries the headers too, and unsubscribing drops the emails still waiting', async () => {
      const person = await t.makePerson(w.school, { relativeOf: w.studentB, firstName: 'Dos' });
      await giveAddresses(t, person, { email: 'dos@example.org', language: 'de' });
      await as(t, person, 'PUT', `people/${person.id}/settings/notifications`, { ...emailOn, types: {}, digest: true, digestTime: '07:00' });
      const first = (await publishAs(t, w.teacherB, postTo([person], { title: 'Menu' }))).json();
      await t.drainJobs();
      expect(mail.mailsTo('dos@example.org')).toHaveLength(0);
      await makeDeliveriesDue(t, w.school.id, first.id);
      await makeDue(t, 'notifications.digest');
      await t.drainJobs();
      const [digest] = mail.mailsTo('dos@example.org');
      expect(digest).toBeDefined();
      expect(headerOf(digest!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(headerOf(digest!, 'Auto-Submitted')).toBe('auto-generated');
      expect(headerOf(digest!, 'Message-ID')).toMatch(/^<notification\.[\d.]+\.digest@colegio\.example\.org>$/);
      const path = unsubscribePathOf(digest!);

      // Another post waits for tomorrow's digest; the click drops it.
      const second = (await publishAs(t, w.teacherB, postTo([person], { title: 'Library' }))).json();
      await t.drainJobs();
      expect((await deliveriesOf(t, w.school.id, second.id)).map((r) => r.state)).toEqual(['digest']);
      // A browser's click (the page's button) answers a page in the person's language.
      const done = await t.request({ method: 'POST', url: path, body: 'List-Unsubscribe=One-Click', headers: { ...form, accept: 'text/html' } });
      expect(done.statusCode).toBe(200);
      expect(done.headers['content-type']).toMatch(/^text\/html/);
      expect(done.body).toContain('<html lang="de">');
      expect(done.body).toContain(unsubscribeTextsFor('de').doneTitle);
      expect(done.body).toContain(`${PUBLIC_URL}/settings/notifications`);
      expect((await deliveriesOf(t, w.school.id, second.id)).map((r) => [r.state, r.last_error])).toEqual([['failed', 'unsubscribed']]);
      await makeDeliveriesDue(t, w.school.id, second.id);
      await makeDue(t, 'notifications.digest');
      await t.drainJobs();
      expect(mail.mailsTo('dos@example.org')).toHaveLength(1);
    });

    it('issue 34 item 2: a personal notice mail carries the link too, and a multipart one-click POST (as some providers send) works', async () => {
      const person = await t.makePerson(w.school, { relativeOf: w.rider, firstName: 'Cuatro' });
      await giveAddresses(t, person, { email: 'cuatro@example.org' });
      const notice = { orgId: w.school.id, personId: person.id, kind: 'bus_delayed' as const, values: { route: 'Ruta 1', stop: null, minutes: 10, meters: null }, path: '/transport', data: {} };
      await enqueuePersonalNotice(t.db, t.app.patio.jobs, { ...notice, key: 'bus_delayed:unsubscribe:1' });
      await t.drainJobs();
      const [m] = mail.mailsTo('cuatro@example.org');
      expect(headerOf(m!, 'Auto-Submitted')).toBe('auto-generated');
      expect(headerOf(m!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(headerOf(m!, 'Message-ID')).toMatch(/@colegio\.example\.org>$/);
      const body = multipartBody('', '', { field: 'List-Unsubscribe' });
      const text = body.payload.toString().replace(/; filename=""\r\nContent-Type: application\/octet-stream/, '').replace('\r\n\r\n\r\n', '\r\n\r\nOne-Click\r\n');
      const res = await t.app.inject({ method: 'POST', url: unsubscribePathOf(m!), payload: text, headers: body.headers });
      expect(res.statusCode, res.body).toBe(200);
      expect((await settingsOf(person)).channels.email).toBe(false);
      await enqueuePersonalNotice(t.db, t.app.patio.jobs, { ...notice, key: 'bus_delayed:unsubscribe:2' });
      await t.drainJobs();
      expect(mail.mailsTo('cuatro@example.org')).toHaveLength(1);
    });

    it('issue 34 item 2: a forged, malformed, expired or other-school token is refused and changes nothing', async () => {
      const person = await t.makePerson(w.school, { relativeOf: w.studentA, firstName: 'Tres' });
      await as(t, person, 'PUT', `people/${person.id}/settings/notifications`, emailOn);
      const base = `/api/${w.school.code}/notifications/unsubscribe?token=`;
      const good = unsubscribeToken(t.config, w.school.id, person.id, 'email');
      const last = good.at(-1) === 'A' ? 'B' : 'A';
      const norteAdmin = unsubscribeToken(t.config, w.otherSchool.id, w.otherAdmin.id, 'email');
      const cases: [string, number, string][] = [
        [good.slice(0, -1) + last, 403, 'invalid_token'],
        // Someone else's id under this person's signature.
        [good.replace(`.${person.id}.`, `.${w.parentA.id}.`), 403, 'invalid_token'],
        [norteAdmin, 403, 'invalid_token'],
        [unsubscribeToken(t.config, w.school.id, person.id, 'email', Date.now() - (UNSUBSCRIBE_TOKEN_DAYS * 86_400 + 60) * 1000), 400, 'token_expired'],
        ['garbage', 400, 'invalid_token'],
        // NUL bytes stop at the input guard, before any token is read.
        [`${good}\u0000`, 400, 'invalid_characters'],
        [good.replace('email', 'sms'), 400, 'invalid_token'],
      ];
      for (const [token, status, error] of cases) {
        for (const method of ['GET', 'POST'] as const) {
          const res = await t.request({ method, url: base + encodeURIComponent(token), ...(method === 'POST' ? { body: 'List-Unsubscribe=One-Click', headers: form } : {}) });
          expect(res.statusCode, `${method} ${token}`).toBe(status);
          expect(res.json()).toEqual({ error, message: expect.any(String) });
        }
      }
      // Missing or huge tokens: 400, never a 500.
      expect((await t.request({ method: 'POST', url: `/api/${w.school.code}/notifications/unsubscribe`, body: 'List-Unsubscribe=One-Click', headers: form })).statusCode).toBe(400);
      expect((await t.request({ method: 'POST', url: base + 'x'.repeat(5000), body: 'List-Unsubscribe=One-Click', headers: form })).statusCode).toBe(400);
      // Norte's own token on norte's path is good there, and only there.
      const atNorte = await t.request({ method: 'GET', url: `/api/${w.otherSchool.code}/notifications/unsubscribe?token=${norteAdmin}` });
      expect(atNorte.statusCode).toBe(200);
      expect(await settingsOf(person)).toEqual(emailOn);
      expect((await settingsOf(w.parentA)).channels.email).toBe(true);
    });
  },
  { ...mail.config, publicUrl: PUBLIC_URL },
);
