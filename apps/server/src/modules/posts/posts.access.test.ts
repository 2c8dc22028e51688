import type { Audience, PostSettings } from '@patio/core';
import { beforeAll, expect, it } from 'vitest';
import { callerOf } from '../../test/callers';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { postAccess } from './posts.access';
import { contentRow, deliverPost } from './posts.delivery';
import { insertPost, insertThread } from './posts.delivery.queries';

// postAccess answers one rule twice: a batch check of ids (services, policies) and a SQL filter (list
// queries). For every caller of the world and every post of both schools, the two must agree, and
// they must say what decision 010 says.
const settings: PostSettings = { highlight: false, notifications: true, recipientsVisible: false, replies: 'author', forward: false };
const audience: Audience = { people: [], rules: null, relatives: false };

describeOnDatabases('post access: the batch check and the SQL filter agree', (t) => {
  let w: World;
  let people: TestPerson[];
  let ids: number[];
  const posts: Record<string, number> = {};
  const sorted = (set: Iterable<number>) => [...set].sort((a, b) => a - b);

  beforeAll(async () => {
    w = await makeWorld(t);
    const services = t.app.patio;
    const deliver = (author: TestPerson, recipients: TestPerson[], threadId: number | null = null, replyToId: number | null = null) =>
      t.db.transaction().execute((trx) =>
        deliverPost(
          trx,
          services,
          { orgId: author.org.id, authorId: author.id, threadId, replyToId, type: 'circular', title: 'T', description: '<p>x</p>', settings, audience, quotes: [] },
          recipients.map((r) => r.id),
        ),
      );
    const unpublished = async (author: TestPerson, status: 'draft' | 'scheduled') => {
      const now = new Date().toISOString();
      const thread = await insertThread(t.db, author.org.id, now);
      const content = contentRow({ type: 'news', title: '', description: '', settings, audience, quotes: [], publishDate: status === 'scheduled' ? '2099-01-01T00:00:00.000Z' : null, expirationDate: null });
      return insertPost(t.db, { ...content, org_id: author.org.id, thread_id: thread, author_id: author.id, status, created_at: now });
    };
    const circular = await deliver(w.teacherA, [w.parentA, w.studentA]);
    posts.circular = circular.id;
    posts.reply = (await deliver(w.parentA, [w.teacherA], circular.thread, circular.id)).id;
    posts.announcement = (await deliver(w.admin, [w.parentA, w.parentB, w.teacherA, w.teacherB, w.driver]).then((d) => d)).id;
    posts.draft = await unpublished(w.teacherA, 'draft');
    posts.scheduled = await unpublished(w.teacherB, 'scheduled');
    posts.adminDraft = await unpublished(w.admin, 'draft');
    posts.norte = (await deliver(w.otherAdmin, [w.otherAdmin])).id;
    people = [w.studentA, w.studentB, w.parentA, w.parentB, w.teacherA, w.teacherB, w.admin, w.driver, w.rider, w.riderParent, w.employee];
    ids = [...Object.values(posts), 999_999];
  });

  it('visible(ids) is the set the filtered posts query returns, for every caller', async () => {
    for (const person of [...people, w.otherAdmin]) {
      const caller = await callerOf(t, person);
      const visible = await postAccess.visible(t.db, caller, ids);
      const filter = await postAccess.filter(t.db, caller);
      const rows = await t.db.selectFrom('posts').select('posts.id').where('posts.org_id', '=', caller.orgId).where(filter('posts.id')).execute();
      expect(sorted(visible), `caller ${person.firstName} (${person.id})`).toEqual(sorted(rows.map((r) => r.id).filter((id) => ids.includes(id))));
    }
  });

  it('the filter also holds inside a query over stubs', async () => {
    for (const person of [w.parentA, w.teacherA, w.admin, w.driver]) {
      const caller = await callerOf(t, person);
      const filter = await postAccess.filter(t.db, caller);
      const rows = await t.db.selectFrom('stubs').select('stubs.post_id').where('stubs.org_id', '=', caller.orgId).where(filter('stubs.post_id')).execute();
      const all = await t.db.selectFrom('stubs').select('post_id').where('org_id', '=', caller.orgId).execute();
      const visible = await postAccess.visible(t.db, caller, all.map((s) => s.post_id));
      expect(sorted(new Set(rows.map((r) => r.post_id))), `caller ${person.firstName}`).toEqual(sorted(visible));
    }
  });

  it('authors, recipients and administrators read published posts; drafts and scheduled posts are their author’s alone', async () => {
    const visibleTo = async (person: TestPerson) => postAccess.visible(t.db, await callerOf(t, person), ids);
    expect(sorted(await visibleTo(w.teacherA))).toEqual(sorted([posts.circular, posts.reply, posts.announcement, posts.draft]));
    expect(sorted(await visibleTo(w.parentA))).toEqual(sorted([posts.circular, posts.reply, posts.announcement]));
    expect(sorted(await visibleTo(w.parentB))).toEqual([posts.announcement]);
    expect(sorted(await visibleTo(w.teacherB))).toEqual(sorted([posts.announcement, posts.scheduled]));
    expect(sorted(await visibleTo(w.admin))).toEqual(sorted([posts.circular, posts.reply, posts.announcement, posts.adminDraft]));
    expect((await visibleTo(w.studentB)).size).toBe(0);
    expect((await visibleTo(w.employee)).size).toBe(0);
    // Norte's administrator sees norte's post only, never this school's.
    expect(sorted(await visibleTo(w.otherAdmin))).toEqual([posts.norte]);
  });

  it('delivery writes one stub per recipient of the school, never the author', async () => {
    const stubs = await t.db.selectFrom('stubs').select(['person_id', 'folder', 'read_date']).where('org_id', '=', w.school.id).where('post_id', '=', posts.circular).orderBy('person_id').execute();
    expect(stubs).toEqual(sorted([w.parentA.id, w.studentA.id]).map((id) => ({ person_id: id, folder: 'feed', read_date: null })));
    const norte = await t.db.selectFrom('stubs').select('person_id').where('org_id', '=', w.otherSchool.id).where('post_id', '=', posts.norte).execute();
    expect(norte).toEqual([]);
    const reply = await t.db.selectFrom('posts').select(['thread_id', 'reply_to_id']).where('org_id', '=', w.school.id).where('id', '=', posts.reply).executeTakeFirstOrThrow();
    const thread = await t.db.selectFrom('threads').select('first_post_id').where('org_id', '=', w.school.id).where('id', '=', reply.thread_id).executeTakeFirstOrThrow();
    expect(reply.reply_to_id).toBe(posts.circular);
    expect(thread.first_post_id).toBe(posts.circular);
  });
});
