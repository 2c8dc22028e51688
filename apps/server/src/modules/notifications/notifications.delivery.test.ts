import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { as, publishAs, postTo } from '../posts/posts.fixtures';
import { deliveriesOf, giveAddresses, makeDeliveriesDue, makeDue, registerBrowser, useMailAndPush } from './notifications.fixtures';

// A published post reaches each recipient's email (a real SMTP server) and browsers (a local Web Push
// service that decrypts the aes128gcm payload with the subscription's keys), exactly once, under
// their own settings.

const mailAndPush = await useMailAndPush();
const { mailsTo, pushesTo } = mailAndPush;

describeOnDatabases(
  'notifications of a post',
  (t) => {
    let w: World;
    beforeAll(async () => {
      w = await makeWorld(t);
      await giveAddresses(t, w.parentA, { email: 'pablo@example.org', mobile: '+573001112233', language: 'en' });
      await giveAddresses(t, w.parentB, { email: 'berta@example.org', language: 'es' });
      await giveAddresses(t, w.studentA, { email: 'alba@example.org' });
    });

    it('reach every recipient by email and web push once, with the post, its thread and the spec payload', async () => {
      const browser = await registerBrowser(t, mailAndPush.push, w.parentA, `a-${t.kind.label}`);
      const res = await publishAs(t, w.teacherA, postTo([w.parentA, w.parentB], { title: 'Field trip', description: '<p>On Friday we visit the <b>museum</b>.</p>' }));
      expect(res.statusCode).toBe(201);
      const { id, thread } = res.json();
      await t.drainJobs();

      const [mail] = mailsTo('pablo@example.org');
      expect(mailsTo('pablo@example.org')).toHaveLength(1);
      expect(mail!.subject).toBe(`${w.school.title}: Field trip`);
      expect(mail!.text).toContain('On Friday we visit the museum.');
      expect(mail!.text).toContain(`Open in Patio: http://localhost:8080/threads/feed/${thread}`);
      // The HTML part carries the stored (sanitised) description and a button to the thread.
      expect(mail!.text).toContain('<div><p>On Friday we visit the museum.</p></div>');
      expect(mail!.text).toContain(`<a href="http://localhost:8080/threads/feed/${thread}"`);
      expect(mail!.raw).toContain(`Message-ID: <notification.${w.school.id}.`);
      // Berta reads Spanish.
      expect(mailsTo('berta@example.org')[0]!.text).toContain(`Ver en Patio: http://localhost:8080/threads/feed/${thread}`);

      const pushes = pushesTo(`a-${t.kind.label}`);
      expect(pushes).toHaveLength(1);
      expect(pushes[0]!.message).toEqual({
        title: 'Field trip',
        body: 'On Friday we visit the museum.',
        payload: expect.any(String),
        post: { id, thread },
      });
      expect(JSON.parse((pushes[0]!.message as { payload: string }).payload)).toMatchObject({ postId: id, threadId: thread, type: 'circular' });
      expect(mailAndPush.push.failures).toEqual([]);
      // SMS is off by default; the author is never notified.
      const rows = await deliveriesOf(t, w.school.id, id);
      expect(rows.map((r) => [r.person_id, r.channel, r.state]).sort()).toEqual(
        [
          [w.parentA.id, 'email', 'sent'],
          [w.parentA.id, 'web', 'sent'],
          [w.parentB.id, 'email', 'sent'],
        ].sort(),
      );
      expect(browser.uuid).toBe(rows.find((r) => r.channel === 'web')!.device_uuid);

      // The fan-out and the sends running again (a crash, a retry) add and send nothing.
      await t.app.patio.jobs.enqueue(t.db, 'notifications.fanout', { orgId: w.school.id, postId: id }, { orgId: w.school.id });
      await t.drainJobs();
      expect(await deliveriesOf(t, w.school.id, id)).toHaveLength(3);
      expect(mailsTo('pablo@example.org')).toHaveLength(1);
      expect(pushesTo(`a-${t.kind.label}`)).toHaveLength(1);
    });

    it("follow each person's channel and type switches; a post with notifications off sends nothing", async () => {
      await as(t, w.parentB, 'PUT', `people/${w.parentB.id}/settings/notifications`, {
        channels: { email: true, sms: true, ios: true, android: true, web: true },
        types: { news: { email: false } },
        quietHours: null,
        digest: false,
        digestTime: '18:00',
      });
      await giveAddresses(t, w.parentB, { mobile: '+573009998877' });
      const news = (await publishAs(t, w.teacherB, postTo([w.parentB], { type: 'news', title: 'News' }))).json();
      await t.drainJobs();
      expect(mailsTo('berta@example.org')).toHaveLength(0);
      expect((await deliveriesOf(t, w.school.id, news.id)).map((r) => [r.channel, r.state])).toEqual([['sms', 'sent']]);

      const quiet = (await publishAs(t, w.teacherB, postTo([w.parentB], { title: 'Quiet', settings: { notifications: false } }))).json();
      await t.drainJobs();
      expect(await deliveriesOf(t, w.school.id, quiet.id)).toEqual([]);
      expect(mailsTo('berta@example.org')).toHaveLength(0);
    });

    it("relatives get their children's posts under their own settings", async () => {
      await as(t, w.parentA, 'PUT', `people/${w.parentA.id}/settings/notifications`, {
        channels: { email: false, sms: false, ios: true, android: true, web: true },
        types: {},
        quietHours: null,
        digest: false,
        digestTime: '18:00',
      });
      const post = (await publishAs(t, w.teacherA, postTo([w.studentA], { title: 'Homework', audience: { people: [w.studentA.id], relatives: true } }))).json();
      await t.drainJobs();
      expect(mailsTo('alba@example.org')).toHaveLength(1);
      expect(mailsTo('pablo@example.org')).toHaveLength(0);
      const rows = await deliveriesOf(t, w.school.id, post.id);
      expect(rows.filter((r) => r.person_id === w.parentA.id).map((r) => r.channel)).toEqual(['web']);
      await as(t, w.parentA, 'PUT', `people/${w.parentA.id}/settings/notifications`, {
        channels: { email: true, sms: false, ios: true, android: true, web: true },
        types: {},
        quietHours: null,
        digest: false,
        digestTime: '18:00',
      });
    });

    it('hold deliveries through quiet hours and gather emails into the daily digest; urgent notices go at once', async () => {
      const parent = await t.makePerson(w.school, { relativeOf: w.studentB, firstName: 'Quieta' });
      await giveAddresses(t, parent, { email: 'quieta@example.org', language: 'en' });
      const browser = `quiet-${t.kind.label}`;
      await registerBrowser(t, mailAndPush.push, parent, browser);
      // Quiet all day long but one minute: whatever the clock says now, it is quiet time.
      const now = new Date();
      const minute = (d: Date) => `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
      const bogota = (ms: number) => minute(new Date(ms - 5 * 3600_000));
      await as(t, parent, 'PUT', `people/${parent.id}/settings/notifications`, {
        channels: { email: true, sms: false, ios: true, android: true, web: true },
        types: {},
        quietHours: { start: bogota(now.getTime() - 60_000), end: bogota(now.getTime() - 120_000) },
        digest: true,
        digestTime: bogota(now.getTime() - 120_000),
      });
      const first = (await publishAs(t, w.teacherB, postTo([parent], { title: 'Menu of the week' }))).json();
      const second = (await publishAs(t, w.teacherB, postTo([parent], { title: 'Library hours' }))).json();
      await t.drainJobs();
      expect(mailsTo('quieta@example.org')).toHaveLength(0);
      expect(pushesTo(browser)).toHaveLength(0);
      const held = await deliveriesOf(t, w.school.id, first.id);
      expect(held.map((r) => [r.channel, r.state])).toEqual([
        ['email', 'digest'],
        ['web', 'queued'],
      ]);
      expect(Date.parse(held[1]!.not_before)).toBeGreaterThan(Date.now() + 23 * 3600_000);

      const urgent = (await publishAs(t, w.teacherB, postTo([parent], { type: 'urgent_notice', title: 'School closed today' }))).json();
      await t.drainJobs();
      expect(mailsTo('quieta@example.org').map((m) => m.subject)).toEqual([`${w.school.title}: Urgent: School closed today`]);
      expect(pushesTo(browser).map((p) => (p.message as { title: string }).title)).toEqual(['Urgent: School closed today']);
      expect(pushesTo(browser)[0]!.urgency).toBe('high');
      expect((await deliveriesOf(t, w.school.id, urgent.id)).every((r) => r.state === 'sent')).toBe(true);

      // When quiet hours end the push goes; at digest time one email lists both posts.
      for (const post of [first, second]) await makeDeliveriesDue(t, w.school.id, post.id);
      await makeDue(t, 'notifications.send');
      await makeDue(t, 'notifications.digest');
      await t.drainJobs();
      expect(pushesTo(browser).map((p) => (p.message as { title: string }).title).sort()).toEqual(['Library hours', 'Menu of the week', 'Urgent: School closed today']);
      const digests = mailsTo('quieta@example.org').filter((m) => m.subject.includes('new messages'));
      expect(digests).toHaveLength(1);
      expect(digests[0]!.subject).toBe(`${w.school.title}: 2 new messages`);
      expect(digests[0]!.text).toContain('Menu of the week');
      expect(digests[0]!.text).toContain('Library hours');
      expect((await deliveriesOf(t, w.school.id, first.id)).every((r) => r.state === 'sent')).toBe(true);
    });

    it('forget a browser whose endpoint is gone (410), without losing the other notifications', async () => {
      const parent = await t.makePerson(w.school, { relativeOf: w.studentB, firstName: 'Gone' });
      await giveAddresses(t, parent, { email: 'gone@example.org' });
      const gone = `gone-${t.kind.label}`;
      const kept = `kept-${t.kind.label}`;
      await registerBrowser(t, mailAndPush.push, parent, gone);
      await registerBrowser(t, mailAndPush.push, parent, kept);
      mailAndPush.push.respondWith(`/push/${gone}`, 410);
      const post = (await publishAs(t, w.teacherB, postTo([parent], { title: 'Gone away' }))).json();
      await t.drainJobs();
      expect(pushesTo(kept)).toHaveLength(1);
      expect(mailsTo('gone@example.org')).toHaveLength(1);
      const rows = await deliveriesOf(t, w.school.id, post.id);
      expect(rows.find((r) => r.device_uuid === `browser-${gone}`)).toMatchObject({ state: 'failed' });
      const devices = await t.db.selectFrom('devices').select('uuid').where('org_id', '=', w.school.id).where('person_id', '=', parent.id).execute();
      expect(devices.map((d) => d.uuid)).toEqual([`browser-${kept}`]);
    });

    it('an invalid or private-looking subscription fails alone; a failing endpoint is retried until it works', async () => {
      const parent = await t.makePerson(w.school, { relativeOf: w.studentB, firstName: 'Retry' });
      await giveAddresses(t, parent, { email: 'retry@example.org' });
      const flaky = `flaky-${t.kind.label}`;
      await registerBrowser(t, mailAndPush.push, parent, flaky);
      // Refused at registration; one stored before that rule (or damaged) fails alone at sending.
      expect((await as(t, parent, 'POST', `people/${parent.id}/devices`, { token: '{"endpoint": 42}', platform: 'web', model: 'Broken', uuid: 'broken' })).statusCode).toBe(400);
      const now = new Date().toISOString();
      await t.db.insertInto('devices').values({ org_id: w.school.id, person_id: parent.id, uuid: 'broken', token: '{"endpoint": 42}', platform: 'web', model: 'Broken', created_at: now, updated_at: now }).execute();
      mailAndPush.push.respondWith(`/push/${flaky}`, 500);
      const post = (await publishAs(t, w.teacherB, postTo([parent], { title: 'Try again' }))).json();
      await t.drainJobs();
      expect(mailsTo('retry@example.org')).toHaveLength(1);
      let rows = await deliveriesOf(t, w.school.id, post.id);
      expect(rows.find((r) => r.device_uuid === 'broken')).toMatchObject({ state: 'failed' });
      const waiting = rows.find((r) => r.device_uuid === `browser-${flaky}`)!;
      expect(waiting.state).not.toBe('sent');
      expect(waiting.attempts).toBeGreaterThanOrEqual(1);
      expect(pushesTo(flaky)).toHaveLength(0);

      mailAndPush.push.respondWith(`/push/${flaky}`, 201);
      await makeDue(t, 'notifications.retry');
      await t.drainJobs();
      rows = await deliveriesOf(t, w.school.id, post.id);
      expect(rows.find((r) => r.device_uuid === `browser-${flaky}`)).toMatchObject({ state: 'sent' });
      expect(pushesTo(flaky)).toHaveLength(1);
      expect(mailsTo('retry@example.org')).toHaveLength(1);
    });

    it('a delivery that keeps failing ends among the failed jobs administrators see, and their retry sends it', async () => {
      const parent = await t.makePerson(w.school, { relativeOf: w.studentB, firstName: 'Dead' });
      const dead = `dead-${t.kind.label}`;
      await registerBrowser(t, mailAndPush.push, parent, dead);
      mailAndPush.push.respondWith(`/push/${dead}`, 503);
      const post = (await publishAs(t, w.teacherB, postTo([parent], { title: 'Never' }))).json();
      await t.drainJobs();
      for (let i = 0; i < 10; i++) {
        await makeDue(t, 'notifications.retry');
        await t.drainJobs();
      }
      const failed = await as(t, w.admin, 'GET', 'admin/jobs?state=dead');
      expect(failed.statusCode).toBe(200);
      const job = (failed.json() as { id: number; kind: string; personId: number | null; topic: string | null }[]).find((j) => j.kind === 'notifications.retry' && j.personId === parent.id);
      expect(job).toMatchObject({ topic: 'web' });
      expect(pushesTo(dead)).toHaveLength(0);

      mailAndPush.push.respondWith(`/push/${dead}`, 201);
      expect((await as(t, w.admin, 'POST', `admin/jobs/${job!.id}/retry`)).statusCode).toBeLessThan(300);
      await t.drainJobs();
      expect(pushesTo(dead)).toHaveLength(1);
      expect((await deliveriesOf(t, w.school.id, post.id))[0]).toMatchObject({ state: 'sent' });
    });

    it('an SMTP server that refuses one address fails that email only', async () => {
      const parent = await t.makePerson(w.school, { relativeOf: w.studentB, firstName: 'Refused' });
      await giveAddresses(t, parent, { email: 'refused@example.org' });
      const other = await t.makePerson(w.school, { relativeOf: w.studentB, firstName: 'Fine' });
      await giveAddresses(t, other, { email: 'fine@example.org' });
      mailAndPush.smtp.refuse('refused@example.org');
      const post = (await publishAs(t, w.teacherB, postTo([parent, other], { title: 'Refusal' }))).json();
      await t.drainJobs();
      expect(mailsTo('fine@example.org')).toHaveLength(1);
      const rows = await deliveriesOf(t, w.school.id, post.id);
      expect(rows.find((r) => r.person_id === parent.id)).toMatchObject({ state: 'failed' });
      expect(rows.find((r) => r.person_id === other.id)).toMatchObject({ state: 'sent' });
    });

    it("item 4: someone with no language of their own gets the notice in the school's default language", async () => {
      const school = await t.makeSchool();
      const tree = await t.makeTree(school);
      const admin = await t.makePerson(school, { role: 'admin' });
      const student = await t.makePerson(school, { role: 'student', node: tree.classA });
      const parent = await t.makePerson(school, { relativeOf: student, firstName: 'Sinidioma' });
      await giveAddresses(t, parent, { email: `sinidioma-${t.kind.label}@example.org`, language: null });
      const appearance = { name: school.title, color: '#1C89B8', logo: null, language: 'en', timeZone: 'America/Bogota' };
      expect((await as(t, admin, 'PUT', 'settings/appearance', appearance)).statusCode).toBe(200);
      const { thread } = (await publishAs(t, admin, postTo([parent], { title: 'Field day' }))).json();
      await t.drainJobs();
      const [mail] = mailsTo(`sinidioma-${t.kind.label}@example.org`);
      expect(mail!.text).toContain(`Open in Patio: http://localhost:8080/threads/feed/${thread}`);
      expect(mail!.text).toContain('<html lang="en">');
    });
  },
  mailAndPush.config,
);
