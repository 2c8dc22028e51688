import { type MessageType, POST_TYPE_KEYS } from '@patio/core';
import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { api, norteParentOf, publishPost } from './threads.fixtures';

describeOnDatabases('threads: message types', (t) => {
  let w: World;
  let call: ReturnType<typeof api>;
  const threads: Record<string, number> = {};

  beforeAll(async () => {
    w = await makeWorld(t);
    call = api(t);
    threads.circular1 = (await publishPost(t, w.teacherA, [w.parentA, w.parentB], { type: 'circular' })).thread;
    threads.circular2 = (await publishPost(t, w.teacherA, [w.parentA], { type: 'circular' })).thread;
    threads.payment = (await publishPost(t, w.admin, [w.parentA], { type: 'payment' })).thread;
    // A reply of another type's thread counts under its first post's type.
    await publishPost(t, w.teacherA, [w.parentA], { type: 'message', threadId: threads.payment });
  });

  const types = async (person: TestPerson) => {
    const res = await call(person, 'GET', `people/${person.id}/threads2/types`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as MessageType[];
    expect(Number(res.headers['x-total-count'])).toBe(list.length);
    return list;
  };
  const unread = (list: MessageType[]) => Object.fromEntries(list.filter((m) => m.unread > 0).map((m) => [m.id, m.unread]));

  it('lists the school’s post types in order, each with the caller’s unread inbox threads of it', async () => {
    const list = await types(w.parentA);
    expect(list.map((m) => m.id)).toEqual([...POST_TYPE_KEYS]);
    expect(list.find((m) => m.id === 'circular')).toMatchObject({ singular: expect.any(String), plural: expect.any(String), icon: expect.any(String), color: expect.stringMatching(/^#/) });
    expect(unread(list)).toEqual({ circular: 2, payment: 1 });
    expect(unread(await types(w.parentB))).toEqual({ circular: 1 });
    expect(unread(await types(w.teacherA))).toEqual({});
  });

  it('counts only unread threads of the inbox', async () => {
    await call(w.parentA, 'GET', `people/${w.parentA.id}/threads/feed/${threads.circular1}`);
    expect(unread(await types(w.parentA))).toEqual({ circular: 1, payment: 1 });
    await call(w.parentA, 'POST', `people/${w.parentA.id}/threads/archive`, [threads.payment]);
    expect(unread(await types(w.parentA))).toEqual({ circular: 1 });
    await call(w.parentA, 'POST', `people/${w.parentA.id}/threads/feed`, [threads.payment]);
    await call(w.parentA, 'POST', `people/${w.parentA.id}/threads/unread`, [threads.circular1]);
    expect(unread(await types(w.parentA))).toEqual({ circular: 2, payment: 1 });
  });

  it('names the types in the caller’s language and leaves hidden ones out', async () => {
    await t.db.updateTable('people').set({ language: 'de' }).where('org_id', '=', w.school.id).where('id', '=', w.parentB.id).execute();
    const german = await types(w.parentB);
    expect(german.find((m) => m.id === 'circular')).toMatchObject({ singular: 'Rundschreiben' });
    await t.db.updateTable('people').set({ language: 'es' }).where('org_id', '=', w.school.id).where('id', '=', w.parentB.id).execute();
    expect((await types(w.parentB)).find((m) => m.id === 'circular')).toMatchObject({ singular: 'Circular', plural: 'Circulares' });

    await t.db.updateTable('post_types').set({ visible: 0 }).where('org_id', '=', w.school.id).where('key', '=', 'classified').execute();
    const shown = await types(w.parentB);
    expect(shown.map((m) => m.id)).not.toContain('classified');
    expect(shown).toHaveLength(POST_TYPE_KEYS.length - 1);
  });

  it('keeps every count to its own school and person', async () => {
    const norteParent = await norteParentOf(t, w);
    const res = await call(norteParent, 'GET', `people/${norteParent.id}/threads2/types`);
    expect(res.statusCode).toBe(200);
    // Whatever norte's own seed delivered, the world's circulars are not counted there.
    const norteUnread = await t.db
      .selectFrom('stubs')
      .select('thread_id')
      .distinct()
      .where('org_id', '=', w.otherSchool.id)
      .where('person_id', '=', norteParent.id)
      .where('folder', '=', 'feed')
      .where('read_date', 'is', null)
      .execute();
    const total = (res.json() as MessageType[]).reduce((sum, m) => sum + m.unread, 0);
    expect(total).toBeLessThanOrEqual(norteUnread.length);
    expect((await call(w.parentB, 'GET', `people/${w.parentA.id}/threads2/types`)).statusCode).toBe(403);
    expect((await call(w.otherAdmin, 'GET', `people/${w.parentA.id}/threads2/types`)).statusCode).toBe(404);
  });
});
