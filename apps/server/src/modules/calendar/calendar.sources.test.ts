import { addDays, localDateOf } from '@patio/core/calendar/times';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases, type TestApp } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { as } from '../posts/posts.fixtures';
import { type FeedServer, oneEventFeed, sampleFeed, startFeedServer } from './calendar.fetch.fixtures';

const BOGOTA = 'America/Bogota';

describeOnDatabases(
  'external calendar feeds',
  (t: TestApp) => {
    let w: World;
    let feeds: FeedServer;
    const today = localDateOf(Math.floor(Date.now() / 1000), BOGOTA);
    const window = `start=${addDays(today, -1)}&end=${addDays(today, 60)}`;

    beforeAll(async () => {
      w = await makeWorld(t);
      feeds = await startFeedServer(sampleFeed(today));
    });
    afterAll(() => feeds.close());

    const add = (body: unknown) => as(t, w.admin, 'POST', 'calendar/sources', body);
    const counts = async () => {
      const n = async (table: 'calendar_sources' | 'calendar_events') =>
        Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).where('org_id', '=', w.school.id).executeTakeFirstOrThrow()).n);
      const jobs = await t.db.selectFrom('jobs').select((eb) => eb.fn.countAll<number | string>().as('n')).where('org_id', '=', w.school.id).where('kind', '=', 'calendar.import').executeTakeFirstOrThrow();
      return { sources: await n('calendar_sources'), events: await n('calendar_events'), jobs: Number(jobs.n) };
    };
    const sourceEvents = (sourceId: number) =>
      t.db.selectFrom('calendar_events').select(['id', 'title', 'external_uid', 'starts_at', 'node_id', 'deleted_at']).where('org_id', '=', w.school.id).where('source_id', '=', sourceId).orderBy('starts_at').orderBy('id').execute();
    const pendingRuns = (sourceId: number) =>
      t.db
        .selectFrom('jobs')
        .select(['key', 'run_at'])
        .where('org_id', '=', w.school.id)
        .where('kind', '=', 'calendar.import')
        .where('state', '=', 'queued')
        .where('key', 'like', `calendar.import:${w.school.id}:${sourceId}:%`)
        .execute();
    const refresh = async (sourceId: number) => {
      const res = await as(t, w.admin, 'POST', `calendar/sources/${sourceId}/refresh`);
      expect(res.statusCode, res.body).toBe(202);
      await t.drainJobs();
    };

    it("imports a feed into a class's calendar at once, for that class's families only, and queues the next run an hour ahead", async () => {
      const res = await add({ name: 'Deportes 3A', url: `${feeds.base}/feed.ics`, nodeId: w.tree.classA });
      expect(res.statusCode, res.body).toBe(201);
      const source = res.json();
      expect(source).toMatchObject({ name: 'Deportes 3A', url: `${feeds.base}/feed.ics`, nodeId: w.tree.classA, lastError: null, lastFetchedAt: expect.any(String) });
      const rows = await sourceEvents(source.id);
      expect(source.events).toBe(rows.length);
      expect(rows.length).toBe(8);
      expect(rows.every((r) => r.node_id === null && r.external_uid !== null)).toBe(true);

      const runs = await pendingRuns(source.id);
      expect(runs).toHaveLength(1);
      const runAt = Date.parse(runs[0]!.run_at);
      expect(runAt).toBeGreaterThan(Date.now());
      expect(runAt).toBeLessThanOrEqual(Date.now() + 3_600_000);

      const seen = await as(t, w.parentA, 'GET', `calendar/events?${window}&feed=source-${source.id}`);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json().map((e: { title: string }) => e.title)).toContain('Entrenamiento (movido)');
      expect((await as(t, w.parentB, 'GET', `calendar/events?${window}&feed=source-${source.id}`)).statusCode).toBe(404);
      const ics = await as(t, w.parentA, 'GET', `calendar/events/${rows[0]!.id}/ics`);
      expect(ics.statusCode).toBe(200);
      expect((await as(t, w.parentB, 'GET', `calendar/events/${rows[0]!.id}/ics`)).statusCode).toBe(404);

      const list = await as(t, w.admin, 'GET', 'calendar/sources');
      expect(list.json()).toEqual([expect.objectContaining({ id: source.id, events: 8 })]);
    });

    it('refuses addresses that do not give an ICS calendar with 422 and stores nothing', async () => {
      const before = await counts();
      const cases: [string, string][] = [
        ['/error.ics', 'feed_unreachable'],
        ['/missing.ics', 'feed_unreachable'],
        ['/huge.ics', 'feed_unreachable'],
        ['/declared-huge.ics', 'feed_unreachable'],
        ['/redirect/4', 'feed_unreachable'],
        ['/page.html', 'feed_invalid'],
      ];
      for (const [path, error] of cases) {
        const res = await add({ name: 'Malo', url: `${feeds.base}${path}`, nodeId: null });
        expect(res.statusCode, `${path}: ${res.body}`).toBe(422);
        expect(res.json(), path).toMatchObject({ error, message: expect.any(String) });
      }
      expect((await add({ name: 'Nadie', url: 'http://127.0.0.1:1/feed.ics', nodeId: null })).json().error).toBe('feed_unreachable');
      expect(await counts()).toEqual(before);
    });

    it('adds a feed once to a calendar: twenty identical requests at once make one source, the others 409', async () => {
      const url = `${feeds.base}/feed.ics?twenty`;
      const token = await t.signIn(w.admin);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => t.request({ method: 'POST', url: `/api/${w.school.code}/calendar/sources`, token, body: { name: 'Veinte', url, nodeId: w.tree.classB } })),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, ...Array(19).fill(409)]);
      expect(answers.find((r) => r.statusCode === 409)!.json()).toMatchObject({ error: 'source_exists' });
      const rows = await t.db.selectFrom('calendar_sources').select('id').where('org_id', '=', w.school.id).where('url', '=', url).execute();
      expect(rows).toHaveLength(1);
      expect(await sourceEvents(rows[0]!.id)).toHaveLength(8);
      // The same address may feed another calendar.
      expect((await add({ name: 'Veinte', url, nodeId: null })).statusCode).toBe(201);
    });

    it('gives up on a feed that does not answer within 10 seconds', { timeout: 30_000 }, async () => {
      // The feeds added just before may still be importing in the background and queue their next runs.
      await t.drainJobs();
      const before = await counts();
      const started = Date.now();
      const res = await add({ name: 'Lento', url: `${feeds.base}/hang.ics`, nodeId: null });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error: 'feed_unreachable', message: expect.stringMatching(/10 seconds/) });
      expect(Date.now() - started).toBeLessThan(15_000);
      expect(await counts()).toEqual(before);
    });

    it('refuses other schemes and groups the school does not have with 400, before fetching anything', async () => {
      const before = await counts();
      const hits = feeds.hits.get('/feed.ics') ?? 0;
      for (const url of ['ftp://example.org/a.ics', 'file:///etc/passwd', 'javascript:alert(1)', 'no address', 'https://user:pw@example.org/a.ics']) {
        const res = await add({ name: 'Raro', url, nodeId: null });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error, url).toBe('invalid_feed_url');
      }
      const norteNode = await t.db.selectFrom('nodes').select('id').where('org_id', '=', w.otherSchool.id).executeTakeFirstOrThrow();
      for (const nodeId of [norteNode.id, 999_999]) {
        const res = await add({ name: 'Ajeno', url: `${feeds.base}/feed.ics`, nodeId });
        expect(res.statusCode, String(nodeId)).toBe(400);
        expect(res.json().error).toBe('invalid_node');
      }
      for (const body of [{ url: `${feeds.base}/feed.ics` }, { name: '', url: `${feeds.base}/feed.ics` }, { name: 'x'.repeat(201), url: `${feeds.base}/feed.ics` }, { name: 'a', url: `${feeds.base}/feed.ics`, extra: 1 }, { name: 'a', url: 'x'.repeat(2001) }]) {
        expect((await add(body)).statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      }
      expect(await counts()).toEqual(before);
      expect(feeds.hits.get('/feed.ics') ?? 0).toBe(hits);
    });

    it('updates events in place on the next import, keeps the last good events when the feed fails, and records why', async () => {
      const first = oneEventFeed('a@test', 'Antes', addDays(today, 5)).replace('END:VCALENDAR', ['BEGIN:VEVENT', 'UID:b@test', `DTSTART:${addDays(today, 6).replaceAll('-', '')}T150000Z`, 'SUMMARY:Se va', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n'));
      const server = await startFeedServer(first);
      try {
        const { id } = (await add({ name: 'Cambiante', url: `${server.base}/feed.ics`, nodeId: null })).json();
        const [a, b] = await sourceEvents(id);
        expect([a!.title, b!.title]).toEqual(['Antes', 'Se va']);

        server.feed.body = oneEventFeed('a@test', 'Después', addDays(today, 5)).replace('END:VCALENDAR', ['BEGIN:VEVENT', 'UID:c@test', `DTSTART:${addDays(today, 7).replaceAll('-', '')}T150000Z`, 'SUMMARY:Nuevo', 'END:VEVENT', 'END:VCALENDAR'].join('\r\n'));
        await refresh(id);
        const after = await sourceEvents(id);
        expect(after.map((e) => e.title)).toEqual(['Después', 'Nuevo']);
        expect(after[0]!.id).toBe(a!.id);
        expect(after.find((e) => e.id === b!.id)).toBeUndefined();
        const fetchedAt = (await as(t, w.admin, 'GET', 'calendar/sources')).json().find((s: { id: number }) => s.id === id).lastFetchedAt;

        server.feed.status = 500;
        await refresh(id);
        const failed = (await as(t, w.admin, 'GET', 'calendar/sources')).json().find((s: { id: number }) => s.id === id);
        expect(failed).toMatchObject({ lastError: expect.stringMatching(/^feed_unreachable: .*500/), lastFetchedAt: fetchedAt, events: 2 });
        expect(await sourceEvents(id)).toEqual(after);
        expect(await pendingRuns(id)).toHaveLength(1);

        server.feed.status = 200;
        server.feed.body = '<html>moved</html>';
        await refresh(id);
        expect((await as(t, w.admin, 'GET', 'calendar/sources')).json().find((s: { id: number }) => s.id === id).lastError).toMatch(/^feed_invalid/);
        expect(await sourceEvents(id)).toEqual(after);

        server.feed.body = first;
        await refresh(id);
        expect((await as(t, w.admin, 'GET', 'calendar/sources')).json().find((s: { id: number }) => s.id === id).lastError).toBeNull();
        expect((await sourceEvents(id)).map((e) => e.title)).toEqual(['Antes', 'Se va']);
        // However many runs happened, one next run is queued.
        expect(await pendingRuns(id)).toHaveLength(1);
      } finally {
        await server.close();
      }
    });

    it('item 4 (issue 34): an imported event that changes in its feed gets the next SEQUENCE; one that does not keeps it', async () => {
      const server = await startFeedServer(oneEventFeed('seq@test', 'Primera', addDays(today, 5)));
      try {
        const { id } = (await add({ name: 'Revisiones', url: `${server.base}/feed.ics`, nodeId: null })).json();
        const revision = async () =>
          (await t.db.selectFrom('calendar_events').select(['id', 'sequence']).where('org_id', '=', w.school.id).where('source_id', '=', id).executeTakeFirstOrThrow());
        const first = await revision();
        expect(Number(first.sequence)).toBe(0);
        await refresh(id);
        expect(await revision()).toEqual(first);
        server.feed.body = oneEventFeed('seq@test', 'Segunda', addDays(today, 5));
        await refresh(id);
        const changed = await revision();
        expect([changed.id, Number(changed.sequence)]).toEqual([first.id, 1]);
      } finally {
        await server.close();
      }
    });

    it('imports each feed in its own job: a failing feed does not keep the others from updating', async () => {
      const good = await startFeedServer(oneEventFeed('g@test', 'Bueno 1', addDays(today, 3)));
      const bad = await startFeedServer(oneEventFeed('m@test', 'Malo 1', addDays(today, 3)));
      try {
        const goodId = (await add({ name: 'Bueno', url: `${good.base}/feed.ics`, nodeId: null })).json().id;
        const badId = (await add({ name: 'Malo', url: `${bad.base}/feed.ics`, nodeId: null })).json().id;
        good.feed.body = oneEventFeed('g@test', 'Bueno 2', addDays(today, 3));
        await bad.close();
        await as(t, w.admin, 'POST', `calendar/sources/${badId}/refresh`);
        await as(t, w.admin, 'POST', `calendar/sources/${goodId}/refresh`);
        await t.drainJobs();
        expect((await sourceEvents(goodId)).map((e) => e.title)).toEqual(['Bueno 2']);
        expect((await sourceEvents(badId)).map((e) => e.title)).toEqual(['Malo 1']);
        const list = (await as(t, w.admin, 'GET', 'calendar/sources')).json();
        expect(list.find((s: { id: number }) => s.id === badId).lastError).toMatch(/^feed_unreachable/);
        expect(list.find((s: { id: number }) => s.id === goodId).lastError).toBeNull();
        const failed = await t.db.selectFrom('jobs').select('state').where('org_id', '=', w.school.id).where('kind', '=', 'calendar.import').where('state', '=', 'dead').execute();
        expect(failed).toEqual([]);
      } finally {
        await good.close();
      }
    });

    it('removes a feed with its events; its runs stop and it can no longer be refreshed', async () => {
      const { id } = (await add({ name: 'Temporal', url: `${feeds.base}/feed.ics?temporal`, nodeId: w.tree.classA })).json();
      const ids = (await sourceEvents(id)).map((e) => e.id);
      expect(ids.length).toBeGreaterThan(0);
      expect((await as(t, w.admin, 'DELETE', `calendar/sources/${id}`)).statusCode).toBe(204);
      expect((await sourceEvents(id)).every((e) => e.deleted_at !== null)).toBe(true);
      expect((await as(t, w.parentA, 'GET', `calendar/events/${ids[0]}`)).statusCode).toBe(404);
      expect((await as(t, w.admin, 'GET', 'calendar/sources')).json().some((s: { id: number }) => s.id === id)).toBe(false);
      expect((await as(t, w.admin, 'DELETE', `calendar/sources/${id}`)).statusCode).toBe(404);
      expect((await as(t, w.admin, 'POST', `calendar/sources/${id}/refresh`)).statusCode).toBe(404);
      // The queued run finds it gone: nothing comes back and no next run is queued.
      await t.db.updateTable('jobs').set({ run_at: new Date(Date.now() - 1000).toISOString() }).where('org_id', '=', w.school.id).where('key', 'like', `calendar.import:${w.school.id}:${id}:%`).where('state', '=', 'queued').execute();
      await t.drainJobs();
      expect(await pendingRuns(id)).toEqual([]);
      expect((await sourceEvents(id)).every((e) => e.deleted_at !== null)).toBe(true);
    });

    it('is for school administrators: everyone else 403, guests 401, another school 403 or 404', async () => {
      const { id } = (await add({ name: 'Privado', url: `${feeds.base}/feed.ics?privado`, nodeId: null })).json();
      const body = { name: 'Intruso', url: `${feeds.base}/feed.ics`, nodeId: null };
      for (const person of [w.teacherA, w.parentA, w.studentA, w.driver, w.employee]) {
        expect((await as(t, person, 'GET', 'calendar/sources')).statusCode, person.firstName).toBe(403);
        expect((await as(t, person, 'POST', 'calendar/sources', body)).statusCode, person.firstName).toBe(403);
        expect((await as(t, person, 'DELETE', `calendar/sources/${id}`)).statusCode, person.firstName).toBe(403);
        expect((await as(t, person, 'POST', `calendar/sources/${id}/refresh`)).statusCode, person.firstName).toBe(403);
      }
      expect((await t.request({ method: 'GET', url: `/api/${w.school.code}/calendar/sources` })).statusCode).toBe(401);
      const norte = await t.signIn(w.otherAdmin);
      expect((await t.request({ method: 'DELETE', url: `/api/${w.school.code}/calendar/sources/${id}`, token: norte })).statusCode).toBe(403);
      expect((await t.request({ method: 'DELETE', url: `/api/${w.otherSchool.code}/calendar/sources/${id}`, token: norte })).statusCode).toBe(404);
      expect((await t.request({ method: 'POST', url: `/api/${w.otherSchool.code}/calendar/sources/${id}/refresh`, token: norte })).statusCode).toBe(404);
      expect((await as(t, w.admin, 'GET', 'calendar/sources')).json().some((s: { id: number }) => s.id === id)).toBe(true);
    });
  },
  { calendarFetchAllowPrivate: true },
);

describeOnDatabases('external calendar feeds without CALENDAR_FETCH_ALLOW_PRIVATE', (t: TestApp) => {
  let feeds: FeedServer;
  beforeAll(async () => {
    feeds = await startFeedServer(oneEventFeed('x@test', 'Local', '2026-12-01'));
  });
  afterAll(() => feeds.close());

  it('refuses a feed on 127.0.0.1 (and localhost) without connecting to it', async () => {
    const school = await t.makeSchool();
    const admin = await t.makePerson(school, { role: 'admin' });
    for (const url of [`${feeds.base}/feed.ics`, feeds.base.replace('127.0.0.1', 'localhost') + '/feed.ics', 'http://169.254.169.254/latest/meta-data/']) {
      const res = await as(t, admin, 'POST', 'calendar/sources', { name: 'Local', url, nodeId: null });
      expect(res.statusCode, url).toBe(422);
      expect(res.json()).toMatchObject({ error: 'feed_unreachable', message: expect.stringMatching(/private or local network/) });
    }
    expect(feeds.hits.size).toBe(0);
    expect((await as(t, admin, 'GET', 'calendar/sources')).json()).toEqual([]);
  });
});
