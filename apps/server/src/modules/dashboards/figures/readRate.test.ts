import { localDateOf } from '@patio/core/calendar/times';
import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../../test/factories';
import { describeOnDatabases, type Org } from '../../../test/harness';
import { publishPost } from '../../threads/threads.fixtures';
import { blockDataOf, figureRequest, viewerOf } from './figure-context.fixtures';
import { readRateFigure } from './readRate';

// Issue 36 §2 on both databases: a read-rate block shows only posts its viewer may read (author,
// recipients, administrators once published), counted as GET posts/{id}/stubs/counts counts them.

describeOnDatabases('dashboard figure: readRate', (t) => {
  let school: Org;
  let admin: TestPerson;
  let teacher: TestPerson;
  let otherTeacher: TestPerson;
  let parents: TestPerson[];
  let today: { from: string; to: string };
  const posts = { toTeacher: 0, notToTeacher: 0, teachersOwn: 0, old: 0, scheduled: 0, circular: 0 };

  const markRead = (person: TestPerson, postId: number) =>
    t.db.updateTable('stubs').set({ read_date: new Date().toISOString() }).where('org_id', '=', school.id).where('post_id', '=', postId).where('person_id', '=', person.id).execute();
  const rates = async (viewer: TestPerson, options: Parameters<typeof figureRequest>[2], period = today) =>
    (await readRateFigure(await viewerOf(t, viewer), figureRequest('readRate', period, options))).posts;

  beforeAll(async () => {
    school = await t.makeSchool({ settings: { timeZone: 'America/Bogota' } });
    admin = await t.makePerson(school, { role: 'admin' });
    teacher = await t.makePerson(school, { role: 'teacher' });
    otherTeacher = await t.makePerson(school, { role: 'teacher', className: 'Class B' });
    parents = [await t.makePerson(school), await t.makePerson(school), await t.makePerson(school)];
    const day = localDateOf(Math.floor(Date.now() / 1000), 'America/Bogota');
    today = { from: day, to: day };

    posts.old = (await publishPost(t, admin, [teacher, ...parents], { type: 'urgent_notice', title: 'Viejo' })).id;
    await t.db.updateTable('posts').set({ publish_date: '2020-02-02T15:00:00.000Z' }).where('org_id', '=', school.id).where('id', '=', posts.old).execute();
    posts.toTeacher = (await publishPost(t, admin, [teacher, ...parents], { type: 'urgent_notice', title: 'Cierre por lluvias' })).id;
    posts.notToTeacher = (await publishPost(t, otherTeacher, [parents[0]!], { type: 'urgent_notice', title: 'Solo 3B' })).id;
    posts.teachersOwn = (await publishPost(t, teacher, [parents[1]!, parents[2]!], { type: 'urgent_notice', title: 'Mi curso' })).id;
    posts.circular = (await publishPost(t, admin, [teacher, ...parents], { type: 'circular', title: 'Circular' })).id;
    // A post of the teacher's that is scheduled, not published: no read rate yet, even for its author.
    posts.scheduled = (await publishPost(t, teacher, [parents[0]!], { type: 'urgent_notice', title: 'Programado' })).id;
    await t.db.updateTable('posts').set({ status: 'scheduled' }).where('org_id', '=', school.id).where('id', '=', posts.scheduled).execute();
    await markRead(parents[0]!, posts.toTeacher);
  });

  it('item 2: one post: its recipients and readers as the stubs count them, and the rate rising as a parent reads it', async () => {
    const [post] = await rates(admin, { postId: posts.toTeacher });
    expect(post).toEqual({ id: posts.toTeacher, title: 'Cierre por lluvias', type: 'urgent_notice', publishedAt: expect.any(Number), recipients: 4, read: 1, rate: 0.25 });
    expect(Math.abs(post!.publishedAt - Date.now())).toBeLessThan(60 * 60_000);
    await markRead(parents[1]!, posts.toTeacher);
    expect((await rates(admin, { postId: posts.toTeacher }))[0]).toMatchObject({ read: 2, rate: 0.5 });
    // Who read a post is its author's and the administrators' to know: the teacher who only received it sees no rate.
    expect(await rates(teacher, { postId: posts.toTeacher })).toEqual([]);
    expect((await rates(otherTeacher, { postId: posts.notToTeacher }))[0]).toMatchObject({ id: posts.notToTeacher, recipients: 1 });
  });

  it('item 2: a post the viewer may not read shows nothing of it: not addressed to them, not published, of another school', async () => {
    expect(await rates(teacher, { postId: posts.notToTeacher })).toEqual([]);
    expect(await rates(teacher, { postId: posts.scheduled })).toEqual([]);
    expect(await rates(admin, { postId: posts.scheduled })).toEqual([]);
    const norte = await t.makeSchool({ settings: { timeZone: 'America/Bogota' } });
    const norteAdmin = await t.makePerson(norte, { role: 'admin' });
    expect(await rates(norteAdmin, { postId: posts.toTeacher })).toEqual([]);
    expect(await rates(parents[0]!, { postId: 2_147_483_000 })).toEqual([]);
  });

  it('item 2: by type: the latest posts of the type published in the period that the viewer may read, newest first, at most `limit`', async () => {
    const ids = async (viewer: TestPerson, limit = 5, period = today) => (await rates(viewer, { postType: 'urgent_notice', limit }, period)).map((p) => p.id);
    expect(await ids(admin)).toEqual([posts.teachersOwn, posts.notToTeacher, posts.toTeacher]);
    expect(await ids(admin, 2)).toEqual([posts.teachersOwn, posts.notToTeacher]);
    expect(await ids(teacher)).toEqual([posts.teachersOwn]);
    expect(await ids(otherTeacher)).toEqual([posts.notToTeacher]);
    // The period: the 2020 post only in a period that holds its day in the school's zone.
    expect(await ids(admin, 5, { from: '2020-02-02', to: '2020-02-02' })).toEqual([posts.old]);
    expect(await ids(admin, 5, { from: '2020-02-03', to: '2020-02-09' })).toEqual([]);
    expect(await rates(admin, { postType: 'no_such_type', limit: 5 })).toEqual([]);
  });

  it('item 2: through the data route: a teacher asking for a post not theirs gets an empty block, the rate of their own', async () => {
    const hidden = await blockDataOf(t, admin, teacher, 'readRate', { postId: posts.notToTeacher });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toEqual({ kind: 'readRate', posts: [] });
    const own = await blockDataOf(t, admin, teacher, 'readRate', { postType: 'urgent_notice', limit: 5, period: 'today' });
    expect(own.json().posts.map((p: { id: number }) => p.id)).toEqual([posts.teachersOwn]);
  });
});
