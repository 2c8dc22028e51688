import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { giveAddresses, makeDue, registerBrowser, useMailAndPush } from './notifications.fixtures';
import type { PersonalNotice } from './personal-notice';
import { enqueuePersonalNotice } from './personal-notice.jobs';

// A personal notice (decision 018) reaches the person's email and browsers once, whatever asks for it
// twice; a push service that fails is tried again until it works, a gone browser is forgotten.

const mailAndPush = await useMailAndPush();
const { mailsTo, pushesTo } = mailAndPush;

describeOnDatabases(
  'personal notices',
  (t) => {
    let w: World;
    beforeAll(async () => {
      w = await makeWorld(t);
    });

    const noticeFor = (personId: number, key: string): PersonalNotice => ({
      orgId: w.school.id,
      personId,
      kind: 'bus_delayed',
      key,
      values: { route: 'Route 1', stop: null, minutes: 10, meters: null },
      path: `/transport/routes/${w.route}/map`,
      data: { routeId: w.route },
    });

    const rowsOf = (personId: number) =>
      t.db.selectFrom('notification_notices').select(['channel', 'device_uuid', 'state', 'attempts']).where('org_id', '=', w.school.id).where('person_id', '=', personId).orderBy('id').execute();

    it('go out once per channel, retried while a push service fails, and a gone browser is forgotten', async () => {
      const parent = await t.makePerson(w.school, { relativeOf: w.rider, firstName: 'Retry' });
      await giveAddresses(t, parent, { email: 'retry-notice@example.org', language: 'en' });
      const flaky = `notice-flaky-${t.kind.name}`;
      const gone = `notice-gone-${t.kind.name}`;
      await registerBrowser(t, mailAndPush.push, parent, flaky);
      await registerBrowser(t, mailAndPush.push, parent, gone);
      mailAndPush.push.respondWith(`/push/${flaky}`, 500);
      mailAndPush.push.respondWith(`/push/${gone}`, 410);

      await t.db.transaction().execute((trx) => enqueuePersonalNotice(trx, t.app.patio.jobs, noticeFor(parent.id, 'bus_delayed:run:1')));
      await enqueuePersonalNotice(t.db, t.app.patio.jobs, noticeFor(parent.id, 'bus_delayed:run:1'));
      await t.drainJobs();
      expect(mailsTo('retry-notice@example.org').map((m) => m.subject)).toEqual([`${w.school.title}: Route 1: the bus is running late`]);
      let rows = await rowsOf(parent.id);
      expect(rows.map((r) => [r.channel, r.device_uuid])).toEqual([
        ['email', null],
        ['web', `browser-${flaky}`],
        ['web', `browser-${gone}`],
      ]);
      expect(rows.map((r) => r.state)).toEqual(['sent', expect.not.stringMatching(/^(sent|failed)$/), 'failed']);
      expect(rows[1]!.attempts).toBeGreaterThanOrEqual(1);
      const devices = await t.db.selectFrom('devices').select('uuid').where('org_id', '=', w.school.id).where('person_id', '=', parent.id).execute();
      expect(devices.map((d) => d.uuid)).toEqual([`browser-${flaky}`]);

      mailAndPush.push.respondWith(`/push/${flaky}`, 201);
      await makeDue(t, 'notifications.notice_retry');
      await t.drainJobs();
      rows = await rowsOf(parent.id);
      expect(rows[1]!.state).toBe('sent');
      expect(pushesTo(flaky).map((p) => p.message)).toEqual([
        { title: 'Route 1: the bus is running late', body: 'It is running about 10 min late.', payload: expect.any(String), url: `/transport/routes/${w.route}/map` },
      ]);
      expect(mailsTo('retry-notice@example.org')).toHaveLength(1);
    });

    it('say nothing to someone who cannot be reached, and refuse a key too long to be a once key', async () => {
      const parent = await t.makePerson(w.school, { relativeOf: w.rider, firstName: 'Nobody' });
      await giveAddresses(t, parent, { email: null, mobile: null });
      await enqueuePersonalNotice(t.db, t.app.patio.jobs, noticeFor(parent.id, 'bus_delayed:run:2'));
      await t.drainJobs();
      expect(await rowsOf(parent.id)).toEqual([]);
      await expect(enqueuePersonalNotice(t.db, t.app.patio.jobs, noticeFor(parent.id, 'k'.repeat(121)))).rejects.toThrow(/notice key/);
    });
  },
  mailAndPush.config,
);
