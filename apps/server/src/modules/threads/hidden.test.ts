import type { MessageType, PostTypeKey, ThreadSummary } from '@patio/core';
import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import type { Delivered } from '../posts/index';
import { api, norteParentOf, publishPost } from './threads.fixtures';

// Issue 36 §3 /hidden: the threads of the post types a school hides from lists (spec §3 "visible or
// hidden in lists") stay out of the inbox and are listed with `hidden=true`, filters and actions included.
describeOnDatabases('threads: hidden post types', (t) => {
  let w: World;
  let call: ReturnType<typeof api>;
  const posts = {} as Record<'trip' | 'news' | 'uniform' | 'piano', Delivered>;

  const setVisible = async (admin: TestPerson, type: PostTypeKey, visible: boolean) => {
    const res = await t.request({ method: 'PUT', url: `/api/${admin.org.code}/post-types/${type}`, token: await t.signIn(admin), body: { visible } });
    expect(res.statusCode, res.body).toBe(200);
  };
  const list = async (person: TestPerson, query = '', folder = 'feed') => {
    const res = await call(person, 'GET', `people/${person.id}/threads/${folder}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return { ids: (res.json() as ThreadSummary[]).map((i) => i.id), items: res.json() as ThreadSummary[], total: Number(res.headers['x-total-count']) };
  };

  beforeAll(async () => {
    w = await makeWorld(t);
    call = api(t);
    posts.trip = await publishPost(t, w.teacherA, [w.parentA], { title: 'Salida pedagógica' });
    posts.uniform = await publishPost(t, w.teacherA, [w.parentA, w.parentB], { type: 'classified', title: 'Se vende uniforme', description: '<p>Talla 10, como nuevo.</p>' });
    posts.piano = await publishPost(t, w.teacherB, [w.parentB], { type: 'classified', title: 'Clases de piano' });
    posts.news = await publishPost(t, w.admin, [w.parentA], { type: 'news', title: 'Feria de ciencias' });
    await setVisible(w.admin, 'classified', false);
  });

  it('item /hidden: the inbox leaves out threads of hidden types and hidden=true lists only them', async () => {
    const inbox = await list(w.parentA);
    expect(inbox.ids).toEqual([posts.news.thread, posts.trip.thread]);
    expect(inbox.total).toBe(2);
    expect((await list(w.parentA, '?hidden=false')).ids).toEqual(inbox.ids);

    const hidden = await list(w.parentA, '?hidden=true');
    expect(hidden.ids).toEqual([posts.uniform.thread]);
    expect(hidden.total).toBe(1);
    expect(hidden.items[0]).toMatchObject({ type: 'classified', title: 'Se vende uniforme', folder: 'feed', unread: true, latest: { excerpt: 'Talla 10, como nuevo.' } });

    // The inbox's groups and unread counts leave the hidden type out as its list does.
    const types = (await call(w.parentA, 'GET', `people/${w.parentA.id}/threads2/types`)).json() as MessageType[];
    expect(types.map((type) => type.id)).not.toContain('classified');
    expect(types.reduce((sum, type) => sum + type.unread, 0)).toBe(2);
  });

  it('item /hidden: the inbox filters work on hidden messages', async () => {
    expect((await list(w.parentA, '?hidden=true&q=NUEVO')).ids).toEqual([posts.uniform.thread]);
    expect((await list(w.parentA, '?hidden=true&q=museo')).ids).toEqual([]);
    expect((await list(w.parentA, '?hidden=true&subject=uniforme')).ids).toEqual([posts.uniform.thread]);
    expect((await list(w.parentA, `?hidden=true&sender=${w.teacherA.id}`)).ids).toEqual([posts.uniform.thread]);
    expect((await list(w.parentA, `?hidden=true&sender=${w.teacherB.id}`)).ids).toEqual([]);
    expect((await list(w.parentA, '?hidden=true&type=classified')).ids).toEqual([posts.uniform.thread]);
    // A visible type asked of hidden messages (or the hidden one of the inbox) matches nothing.
    expect((await list(w.parentA, '?hidden=true&type=circular')).total).toBe(0);
    expect((await list(w.parentA, '?type=classified')).total).toBe(0);
    expect((await list(w.parentA, '?hidden=true&status=unread&limit=1')).total).toBe(1);
    expect((await list(w.parentA, '?hidden=true&status=read')).total).toBe(0);
  });

  it('item /hidden: the inbox actions move and mark hidden messages; archive and trash list every type', async () => {
    const move = async (action: string) => {
      const res = await call(w.parentA, 'POST', `people/${w.parentA.id}/threads/${action}`, [posts.uniform.thread]);
      expect(res.statusCode, res.body).toBe(200);
    };
    await move('read');
    expect((await list(w.parentA, '?hidden=true&status=unread')).total).toBe(0);
    expect((await list(w.parentA, '?hidden=true')).items[0]).toMatchObject({ unread: false, unreadCount: 0 });
    await move('unread');
    expect((await list(w.parentA, '?hidden=true&status=unread')).ids).toEqual([posts.uniform.thread]);

    await move('archive');
    expect((await list(w.parentA, '?hidden=true')).total).toBe(0);
    expect((await list(w.parentA, '', 'archive')).ids).toEqual([posts.uniform.thread]);
    expect((await list(w.parentA, '?hidden=true', 'archive')).ids).toEqual([posts.uniform.thread]);
    expect((await list(w.parentA, '?hidden=false', 'archive')).ids).toEqual([]);
    await move('trash');
    expect((await list(w.parentA, '', 'trash')).ids).toEqual([posts.uniform.thread]);
    await move('feed');
    expect((await list(w.parentA, '?hidden=true')).ids).toEqual([posts.uniform.thread]);
    expect((await list(w.parentA)).ids).not.toContain(posts.uniform.thread);
  });

  it('item /hidden: never lists another person’s threads, and refuses another person’s box', async () => {
    expect((await list(w.parentB, '?hidden=true')).ids.sort()).toEqual([posts.uniform.thread, posts.piano.thread].sort());
    expect((await list(w.parentA, '?hidden=true')).ids).not.toContain(posts.piano.thread);
    expect((await list(w.studentA, '?hidden=true')).total).toBe(0);
    // The teacher who sent the advert holds no stub of it: authoring is not receiving.
    expect((await list(w.teacherA, '?hidden=true')).total).toBe(0);
    expect((await call(w.parentB, 'GET', `people/${w.parentA.id}/threads/feed?hidden=true`)).statusCode).toBe(403);
    expect((await call(w.admin, 'GET', `people/${w.parentA.id}/threads/feed?hidden=true`)).statusCode).toBe(403);
  });

  it('item /hidden: another school never: its hidden types are its own and its people see none of these threads', async () => {
    const norteParent = await norteParentOf(t, w);
    const worldThreads = Object.values(posts).map((p) => p.thread);
    // Norte hides circulars: the world's circulars stay in the world's inbox.
    await setVisible(w.otherAdmin, 'circular', false);
    try {
      expect((await list(w.parentA)).ids).toContain(posts.trip.thread);
      expect((await list(w.parentA, '?hidden=true')).ids).not.toContain(posts.trip.thread);
      const norteHidden = await list(norteParent, '?hidden=true');
      expect(norteHidden.ids.filter((id) => worldThreads.includes(id))).toEqual([]);
      expect(norteHidden.items.every((item) => item.type === 'circular')).toBe(true);
      expect((await list(norteParent)).items.some((item) => item.type === 'circular')).toBe(false);
    } finally {
      await setVisible(w.otherAdmin, 'circular', true);
    }
    expect((await call(w.otherAdmin, 'GET', `people/${w.parentA.id}/threads/feed?hidden=true`)).statusCode).toBe(404);
    const foreignToken = await t.request({ method: 'GET', url: `/api/${w.school.code}/people/${w.parentA.id}/threads/feed?hidden=true`, token: await t.signIn(w.otherAdmin) });
    expect(foreignToken.statusCode).toBe(403);
  });

  it('item /hidden: answers 400 to a malformed hidden flag, never 500', async () => {
    for (const value of ['yes', '1', '', 'true%00', 'TRUE']) {
      const res = await call(w.parentA, 'GET', `people/${w.parentA.id}/threads/feed?hidden=${value}`);
      expect(res.statusCode, value).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
  });

  it('item /hidden: a type shown again returns its threads to the inbox, and without hidden types nothing is hidden', async () => {
    await setVisible(w.admin, 'classified', true);
    try {
      expect((await list(w.parentA)).ids).toEqual([posts.news.thread, posts.uniform.thread, posts.trip.thread]);
      expect((await list(w.parentA, '?hidden=true')).total).toBe(0);
      expect((await list(w.parentA, '?hidden=false')).total).toBe(3);
    } finally {
      await setVisible(w.admin, 'classified', false);
    }
  });
});
