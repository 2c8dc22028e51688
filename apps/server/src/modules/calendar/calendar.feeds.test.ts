import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { publishPost } from '../threads/threads.fixtures';
import { calendarApi, insertEventRow, insertSourceRow, MAY_4_10AM_BOGOTA } from './calendar.fixtures';

// A person's feeds (spec §3 Calendar feed): which are listed, the switch in every spelling, and what
// a switched-off feed does to the window.
describeOnDatabases('calendar feeds', (t) => {
  const call = calendarApi(t);
  let w: World;
  const ev: Record<string, number> = {};
  let classBSource: number;

  beforeAll(async () => {
    w = await makeWorld(t);
    const o = w.school.id;
    ev.root = await insertEventRow(t, o, { nodeId: w.tree.root, authorId: w.admin.id, title: 'Día del colegio' });
    ev.classA = await insertEventRow(t, o, { nodeId: w.tree.classA, authorId: w.teacherA.id, title: 'Izada de bandera 3A' });
    ev.classB = await insertEventRow(t, o, { nodeId: w.tree.classB, authorId: w.teacherB.id, title: 'Salida 3B' });
    classBSource = await insertSourceRow(t, o, w.admin.id, w.tree.classB);
    ev.source = await insertEventRow(t, o, { sourceId: classBSource, title: 'Torneo' });
    const post = await publishPost(t, w.teacherB, [w.parentB], { title: 'Bazar' });
    ev.post = await insertEventRow(t, o, { postId: post.id, authorId: w.teacherB.id, title: 'Bazar' });
  });

  const feedsOf = async (who: keyof World) => {
    const res = await call(w[who] as never, 'GET', `people/${(w[who] as { id: number }).id}/calendar/feeds`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: string; url: string; params: Record<string, string>; enabled: boolean; kind: string; name: string }[];
  };
  const windowIds = async (who: 'parentA' | 'parentB', feed?: string) => {
    const res = await call(w[who], 'GET', `calendar/events?start=2026-05-01&end=2026-06-01${feed ? `&feed=${feed}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { id: number }[]).map((e) => e.id);
  };

  it('lists posts first, then the calendars on the caller’s path and those with events, then sources', async () => {
    const { tree } = w;
    expect((await feedsOf('parentA')).map((f) => f.id)).toEqual(['posts', `node-${tree.root}`, `node-${tree.section}`, `node-${tree.grade}`, `node-${tree.classA}`]);
    expect((await feedsOf('parentB')).map((f) => f.id)).toEqual(['posts', `node-${tree.root}`, `node-${tree.section}`, `node-${tree.grade}`, `node-${tree.classB}`, `source-${classBSource}`]);
    const admin = await feedsOf('admin');
    // Administrators see every calendar; the list holds the school's and those with events.
    expect(admin.map((f) => f.id)).toEqual(['posts', `node-${tree.root}`, `node-${tree.classA}`, `node-${tree.classB}`, `source-${classBSource}`]);
    expect(admin[1]).toMatchObject({ url: 'calendar/events', params: { feed: `node-${tree.root}` }, enabled: true, kind: 'node', name: w.school.title });
  });

  it("refuses another person's feeds and switches (403)", async () => {
    expect((await call(w.parentA, 'GET', `people/${w.parentB.id}/calendar/feeds`)).statusCode).toBe(403);
    expect((await call(w.parentA, 'PUT', `people/${w.parentB.id}/calendar/feeds/posts`, { enabled: false })).statusCode).toBe(403);
  });

  it('switches a feed with every spelling of on and off, idempotently', async () => {
    const feed = `node-${w.tree.classA}`;
    for (const [value, enabled] of [[false, false], [true, true], [0, false], [1, true], ['0', false], ['1', true], [0, false], [0, false]] as const) {
      const res = await call(w.parentA, 'PUT', `people/${w.parentA.id}/calendar/feeds/${feed}`, { enabled: value });
      expect(res.statusCode, `${JSON.stringify(value)}: ${res.body}`).toBe(200);
      expect(res.json()).toMatchObject({ id: feed, enabled });
    }
    const rows = await t.db.selectFrom('calendar_feed_prefs').selectAll().where('org_id', '=', w.school.id).where('person_id', '=', w.parentA.id).execute();
    expect(rows.map((r) => [r.feed, Number(r.enabled)])).toEqual([[feed, 0]]);
    expect((await feedsOf('parentA')).find((f) => f.id === feed)?.enabled).toBe(false);
  });

  it('leaves a switched-off feed out of the window, unless asked for by name', async () => {
    await call(w.parentA, 'PUT', `people/${w.parentA.id}/calendar/feeds/node-${w.tree.classA}`, { enabled: false });
    expect(await windowIds('parentA')).toEqual([ev.root]);
    expect(await windowIds('parentA', `node-${w.tree.classA}`)).toEqual([ev.classA]);
    await call(w.parentA, 'PUT', `people/${w.parentA.id}/calendar/feeds/node-${w.tree.classA}`, { enabled: true });
    expect((await windowIds('parentA')).sort()).toEqual([ev.root, ev.classA].sort());
    expect((await windowIds('parentB')).sort()).toEqual([ev.root, ev.classB, ev.source, ev.post].sort());
    await call(w.parentB, 'PUT', `people/${w.parentB.id}/calendar/feeds/source-${classBSource}`, { enabled: '0' });
    expect((await windowIds('parentB')).sort()).toEqual([ev.root, ev.classB, ev.post].sort());
    await call(w.parentB, 'PUT', `people/${w.parentB.id}/calendar/feeds/posts`, { enabled: false });
    expect((await windowIds('parentB')).sort()).toEqual([ev.root, ev.classB].sort());
    expect(await windowIds('parentB', 'posts')).toEqual([ev.post]);
  });

  it('answers 404 for a feed the caller does not see, and 400 for a value that is no switch', async () => {
    const me = `people/${w.parentA.id}/calendar/feeds`;
    for (const feed of [`node-${w.tree.classB}`, `source-${classBSource}`, 'node-999999', 'node-01', 'anything']) {
      expect((await call(w.parentA, 'PUT', `${me}/${feed}`, { enabled: true })).statusCode, feed).toBe(404);
    }
    expect((await call(w.parentA, 'GET', `calendar/events?start=2026-05-01&end=2026-06-01&feed=node-${w.tree.classB}`)).statusCode).toBe(404);
    for (const enabled of ['yes', 2, null, 'true']) {
      expect((await call(w.parentA, 'PUT', `${me}/posts`, { enabled })).statusCode, String(enabled)).toBe(400);
    }
    expect((await call(w.parentA, 'PUT', `${me}/posts`, {})).statusCode).toBe(400);
    const rows = await t.db.selectFrom('calendar_feed_prefs').select('feed').where('org_id', '=', w.school.id).where('person_id', '=', w.parentA.id).execute();
    expect(rows.map((r) => r.feed)).not.toContain(`node-${w.tree.classB}`);
  });

  it('a window event of one feed carries that feed and the post it rides on', async () => {
    const items = (await call(w.parentB, 'GET', `calendar/events?start=2026-05-01&end=2026-06-01&feed=node-${w.tree.classB}`)).json();
    expect(items).toEqual([
      expect.objectContaining({ id: ev.classB, feed: `node-${w.tree.classB}`, post: null, startDate: MAY_4_10AM_BOGOTA, start: '2026-05-04T10:00:00-05:00', recurring: false, title: 'Salida 3B' }),
    ]);
  });
});
