import { MAX_DESCRIPTION_BYTES } from '@patio/core';
import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { threadsTopic, type ThreadsChanged } from '../live/index';
import { ids, norteAccount, postTo, publishAs, recipientsOf, rowCounts, rule } from './posts.fixtures';

describeOnDatabases('publishing a post', (t) => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld(t);
  });

  /** Publishing `body` as `person` must fail with `status` (and `error`) and leave no row behind. */
  const refused = async (person: TestPerson, body: unknown, status: number, error?: string) => {
    const before = await rowCounts(t, w.school.id);
    const res = await publishAs(t, person, body);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
    expect(res.json()).toMatchObject({ error: error ?? expect.any(String), message: expect.any(String) });
    expect(await rowCounts(t, w.school.id)).toEqual(before);
    return res.json();
  };

  it('delivers one stub per recipient, never the author, and tells their open screens', async () => {
    const heard: ThreadsChanged[] = [];
    const subscription = t.app.patio.events.subscribe(threadsTopic(w.school.id), (payload) => void heard.push(payload as ThreadsChanged));
    await subscription.ready;
    const res = await publishAs(t, w.teacherA, postTo([w.parentA, w.studentA, w.teacherA]));
    expect(res.statusCode, res.body).toBe(201);
    const published = res.json();
    expect(published).toMatchObject({ id: expect.any(Number), thread: expect.any(Number), audienceCount: 2, scheduled: false });
    expect(Date.parse(published.publishDate)).toBeLessThanOrEqual(Date.now());
    expect(await recipientsOf(t, w.school.id, published.id)).toEqual(ids(w.parentA, w.studentA));
    const post = await t.db.selectFrom('posts').selectAll().where('org_id', '=', w.school.id).where('id', '=', published.id).executeTakeFirstOrThrow();
    expect(post).toMatchObject({ status: 'published', audience_count: 2, author_id: w.teacherA.id, thread_id: published.thread, type: 'circular' });
    const thread = await t.db.selectFrom('threads').select('first_post_id').where('org_id', '=', w.school.id).where('id', '=', published.thread).executeTakeFirstOrThrow();
    expect(thread.first_post_id).toBe(published.id);
    await t.drainJobs();
    await subscription();
    expect(heard.some((e) => e.threadId === published.thread && ids(w.parentA, w.studentA).every((id) => e.personIds.includes(id)))).toBe(true);
  });

  it('adds the people a rule selects and their relatives, each once', async () => {
    const res = await publishAs(t, w.teacherA, postTo([w.parentA], { audience: { people: [w.parentA.id], rules: rule('node', 'eq', w.tree.classA), relatives: true } }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().audienceCount).toBe(2);
    expect(await recipientsOf(t, w.school.id, res.json().id)).toEqual(ids(w.parentA, w.studentA));
    // Relatives of people chosen one by one, too.
    const admin = await publishAs(t, w.admin, postTo([w.studentB], { audience: { people: [w.studentB.id], relatives: true } }));
    expect(await recipientsOf(t, w.school.id, admin.json().id)).toEqual(ids(w.studentB, w.parentB));
  });

  it('answers 400 "You must select destinataries" when nobody is left, and writes nothing', async () => {
    expect(await refused(w.teacherA, {}, 400, 'no_recipients')).toEqual({ error: 'no_recipients', message: 'You must select destinataries' });
    await refused(w.teacherA, postTo([w.teacherA]), 400, 'no_recipients');
    await refused(w.admin, postTo([], { audience: { people: [], rules: rule('firstName', 'eq', 'Nobody-at-all') } }), 400, 'no_recipients');
  });

  it('refuses an unknown rule field (400) and a rule beyond the teacher’s reach (403), writing nothing', async () => {
    await refused(w.teacherA, postTo([w.parentA], { audience: { people: [w.parentA.id], rules: rule('shoeSize', 'eq', 40) } }), 400, 'unknown_field');
    await refused(w.teacherA, postTo([], { audience: { people: [], rules: rule('node', 'eq', w.tree.classB) } }), 403, 'forbidden_filter');
    await refused(w.teacherA, postTo([], { audience: { people: [], rules: rule('document', 'beginsWith', '1') } }), 403, 'forbidden_filter');
  });

  it('lets families, students and drivers address only people they can see, never by rules or relatives', async () => {
    expect((await publishAs(t, w.parentA, postTo([w.teacherA], { type: 'message' }))).statusCode).toBe(201);
    expect((await publishAs(t, w.studentA, postTo([w.teacherA], { type: 'message' }))).statusCode).toBe(201);
    expect((await publishAs(t, w.driver, postTo([w.riderParent], { type: 'transport_news' }))).statusCode).toBe(201);
    // Another family, a class they are not in, the whole school.
    await refused(w.parentA, postTo([w.parentB]), 403, 'forbidden_recipients');
    await refused(w.parentA, postTo([w.studentB]), 403, 'forbidden_recipients');
    await refused(w.driver, postTo([w.studentA]), 403, 'forbidden_recipients');
    await refused(w.parentA, postTo([], { audience: { people: [], rules: rule('role', 'eq', 'student') } }), 403, 'forbidden_audience');
    await refused(w.driver, postTo([], { audience: { people: [], rules: rule('node', 'eq', w.route) } }), 403, 'forbidden_audience');
    await refused(w.parentA, postTo([w.teacherA], { audience: { people: [w.teacherA.id], relatives: true } }), 403, 'forbidden_audience');
    // An unknown rule field is still a 400 for them.
    await refused(w.parentA, postTo([], { audience: { people: [], rules: rule('shoeSize', 'eq', 1) } }), 400, 'unknown_field');
  });

  it('never delivers to an unapproved registration, and a teacher of another class cannot reach class A’s families', async () => {
    const registrant = await makeRegistrant(t, w.school, { firstName: 'Renata' });
    await refused(w.teacherA, postTo([registrant]), 403, 'forbidden_recipients');
    // Nor may one post: they are nobody to the school until approved.
    await refused(registrant, postTo([w.teacherA]), 403, 'registration_pending');
    // Administrators see registrants, but a post never reaches one.
    await refused(w.admin, postTo([registrant]), 400, 'no_recipients');
    const byName = await publishAs(t, w.admin, postTo([w.parentA], { audience: { people: [w.parentA.id, registrant.id], rules: rule('firstName', 'eq', 'Renata') } }));
    expect(byName.statusCode).toBe(201);
    expect(await recipientsOf(t, w.school.id, byName.json().id)).toEqual(ids(w.parentA));
    await refused(w.teacherB, postTo([], { audience: { people: [], rules: rule('node', 'eq', w.tree.classA), relatives: true } }), 403, 'forbidden_filter');
  });

  it('keeps schools apart: other schools’ people are nobody, and {me} must be the caller', async () => {
    const norteParent = await norteAccount(t, w, 'parent');
    await refused(w.admin, postTo([norteParent]), 403, 'forbidden_recipients');
    await refused(w.admin, postTo([w.parentA], { audience: { people: [w.parentA.id, 999_999] } }), 403, 'forbidden_recipients');
    for (const username of ['admin', 'teacher', 'parent'] as const) {
      const norte = await norteAccount(t, w, username);
      const res = await t.request({ method: 'POST', url: `/api/${w.school.code}/people/${norte.id}/posts/sent`, token: await t.signIn(norte), body: postTo([w.parentA]) });
      expect(res.statusCode).toBe(403);
      // On their own base, this school's people are nobody to them.
      const home = await publishAs(t, norte, postTo([w.parentA]));
      expect(home.statusCode).toBe(403);
    }
    const notMe = await t.request({ method: 'POST', url: `/api/${w.school.code}/people/${w.teacherA.id}/posts/sent`, token: await t.signIn(w.admin), body: postTo([w.parentA]) });
    expect(notMe.statusCode).toBe(403);
  });

  it('strips script from the description, refuses NUL (400) and a description over 1 MB (413), writing nothing', async () => {
    const res = await publishAs(t, w.teacherA, postTo([w.parentA], { description: '<p>Hola<script>alert(1)</script><img src=x onerror=alert(1)></p><a href="javascript:alert(1)">x</a>' }));
    const post = await t.db.selectFrom('posts').select('description').where('org_id', '=', w.school.id).where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(post.description).not.toMatch(/script|onerror|javascript/);
    expect(post.description).toContain('Hola');
    await refused(w.teacherA, postTo([w.parentA], { title: 'a\u0000' }), 400, 'invalid_characters');
    await refused(w.teacherA, postTo([w.parentA], { description: `<p>${'é'.repeat(MAX_DESCRIPTION_BYTES / 2)}</p>` }), 413, 'payload_too_large');
    await refused(w.teacherA, postTo([w.parentA], { expirationDate: '2000-01-01T00:00:00Z' }), 400, 'invalid_expiration');
  });

  it('publishes a draft in place; of 20 identical publishes exactly one succeeds', async () => {
    const draft = await t.request({
      method: 'POST',
      url: `/api/${w.school.code}/people/${w.teacherA.id}/posts/drafts`,
      token: await t.signIn(w.teacherA),
      body: postTo([w.parentA, w.studentA], { title: 'Desde borrador' }),
    });
    const id = draft.json().id;
    const token = await t.signIn(w.teacherA);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.request({ method: 'POST', url: `/api/${w.school.code}/people/${w.teacherA.id}/posts/sent`, token, body: { draft: id } })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const won = answers.find((a) => a.statusCode === 201)!.json();
    expect(won).toMatchObject({ id, audienceCount: 2, scheduled: false });
    expect(await recipientsOf(t, w.school.id, id)).toEqual(ids(w.parentA, w.studentA));
    const posts = await t.db.selectFrom('posts').select(['id', 'status', 'title']).where('org_id', '=', w.school.id).where('title', '=', 'Desde borrador').execute();
    expect(posts).toEqual([{ id, status: 'published', title: 'Desde borrador' }]);
    const jobs = await t.db.selectFrom('jobs').select('id').where('org_id', '=', w.school.id).where('key', '=', `post.delivered:${w.school.id}:${id}`).execute();
    expect(jobs).toHaveLength(1);
    // Someone else's draft, or one that does not exist: 404.
    const other = await t.request({ method: 'POST', url: `/api/${w.school.code}/people/${w.teacherA.id}/posts/drafts`, token, body: {} });
    expect((await publishAs(t, w.teacherB, { draft: other.json().id })).statusCode).toBe(404);
    expect((await publishAs(t, w.teacherA, { draft: 999_999 })).statusCode).toBe(404);
  });

  it('quotes only posts the author may read and quote', async () => {
    const own = (await publishAs(t, w.teacherA, postTo([w.parentA]))).json().id;
    const forwardable = (await publishAs(t, w.teacherA, postTo([w.parentA], { settings: { forward: true } }))).json().id;
    expect((await publishAs(t, w.teacherA, postTo([w.parentB], { quotes: [own] }))).statusCode).toBe(201);
    expect((await publishAs(t, w.parentA, postTo([w.teacherA], { quotes: [forwardable] }))).statusCode).toBe(201);
    await refused(w.parentA, postTo([w.teacherA], { quotes: [own] }), 400, 'invalid_quotes');
    await refused(w.parentB, postTo([w.teacherB], { quotes: [forwardable] }), 400, 'invalid_quotes');
    await refused(w.teacherA, postTo([w.parentA], { quotes: [999_999] }), 400, 'invalid_quotes');
  });
});
