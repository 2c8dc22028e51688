import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { as, ids, norteAccount, postTo, publishAs } from './posts.fixtures';

describeOnDatabases('recipients of a post', (t) => {
  let w: World;
  let open: number;
  let hidden: number;
  const path = (postId: number) => `posts/${postId}/recipients`;
  const personIds = (body: { id: number }[]) => body.map((p) => p.id);

  beforeAll(async () => {
    w = await makeWorld(t);
    const settings = (recipientsVisible: boolean) => ({ highlight: false, notifications: true, recipientsVisible, replies: 'author', forward: false });
    open = (await publishAs(t, w.teacherA, postTo([w.parentA, w.studentA, w.parentB], { settings: settings(true) }))).json().id;
    hidden = (await publishAs(t, w.teacherA, postTo([w.parentA, w.studentA], { settings: settings(false) }))).json().id;
    // Read state must never show up, so one recipient has read it.
    await t.db.updateTable('stubs').set({ read_date: '2026-03-02T15:04:05.000Z' }).where('org_id', '=', w.school.id).where('post_id', '=', open).where('person_id', '=', w.parentA.id).execute();
  });

  it('lists the recipients to the author in name order as cards, without read state, paged', async () => {
    const res = await as(t, w.teacherA, 'GET', path(open));
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const body = res.json();
    expect(ids(...[w.parentA, w.studentA, w.parentB])).toEqual([...personIds(body)].sort((a, b) => a - b));
    for (const person of body) expect(Object.keys(person).sort()).toEqual(['avatar', 'firstName', 'id', 'lastName', 'lastName2']);
    const sortKeys = await t.db.selectFrom('people').select(['id', 'sort_key']).where('org_id', '=', w.school.id).where('id', 'in', personIds(body)).execute();
    const byId = new Map(sortKeys.map((p) => [p.id, p.sort_key]));
    const keys = personIds(body).map((id: number) => byId.get(id)!);
    expect(keys).toEqual([...keys].sort());
    const page2 = await as(t, w.teacherA, 'GET', `${path(open)}?limit=2&page=2`);
    expect(page2.headers['x-total-count']).toBe('3');
    expect(personIds(page2.json())).toEqual([personIds(body)[2]]);
    expect((await as(t, w.teacherA, 'GET', `${path(open)}?limit=101`)).statusCode).toBe(400);
    expect((await as(t, w.teacherA, 'GET', `${path(open)}?page=0`)).statusCode).toBe(400);
  });

  it('lists them to administrators whatever the setting', async () => {
    for (const postId of [open, hidden]) expect((await as(t, w.admin, 'GET', path(postId))).statusCode).toBe(200);
    expect((await as(t, w.admin, 'GET', path(hidden))).headers['x-total-count']).toBe('2');
  });

  it('lists them to a recipient only when the post shows its recipients', async () => {
    const seen = await as(t, w.parentA, 'GET', path(open));
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toHaveLength(3);
    expect(seen.body).not.toContain('readDate');
    expect((await as(t, w.studentA, 'GET', path(open))).statusCode).toBe(200);
    const refused = await as(t, w.parentA, 'GET', path(hidden));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'recipients_hidden', message: expect.any(String) });
  });

  it('answers 404 to everyone else, unapproved registrations, other schools and unknown ids', async () => {
    for (const postId of [open, hidden]) {
      for (const person of [w.parentB, w.teacherB, w.driver, w.employee].filter((p) => postId === hidden || p !== w.parentB)) {
        const res = await as(t, person, 'GET', path(postId));
        expect(res.statusCode, `${postId} as ${person.firstName}`).toBe(404);
        expect(res.json()).toMatchObject({ error: 'not_found', message: expect.any(String) });
      }
      expect((await as(t, await makeRegistrant(t, w.school), 'GET', path(postId))).statusCode).toBe(403);
      for (const username of ['admin', 'teacher', 'parent'] as const) {
        const norte = await norteAccount(t, w, username);
        expect((await as(t, norte, 'GET', path(postId))).statusCode, `norte ${username} at home`).toBe(404);
        const there = await t.request({ method: 'GET', url: `/api/${w.school.code}/${path(postId)}`, token: await t.signIn(norte) });
        expect(there.statusCode, `norte ${username} on the school`).toBe(403);
      }
      expect((await t.request({ method: 'GET', url: `/api/${w.school.code}/${path(postId)}` })).statusCode).toBe(401);
    }
    expect((await as(t, w.admin, 'GET', path(999_999))).statusCode).toBe(404);
    expect((await as(t, w.admin, 'GET', 'posts/1%00/recipients')).statusCode).toBe(400);
  });

  it('keeps a draft\'s (empty) recipients to its author: administrators get 404', async () => {
    const draft = (await as(t, w.teacherA, 'POST', `people/${w.teacherA.id}/posts/drafts`, { title: 'Borrador' })).json().id;
    const mine = await as(t, w.teacherA, 'GET', path(draft));
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual([]);
    expect((await as(t, w.admin, 'GET', path(draft))).statusCode).toBe(404);
  });

  it('answers POST allowed as the endpoint does', async () => {
    const ask = async (person: typeof w.parentA) => (await as(t, person, 'POST', 'allowed', [`GET ${path(open)}`, `GET ${path(hidden)}`])).json();
    expect(await ask(w.parentA)).toEqual({ [`GET ${path(open)}`]: true, [`GET ${path(hidden)}`]: false });
    expect(await ask(w.teacherB)).toEqual({ [`GET ${path(open)}`]: false, [`GET ${path(hidden)}`]: false });
  });
});
