import { beforeAll, expect, it } from 'vitest';
import { callerOf } from '../../test/callers';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { contentRow } from '../posts/posts.delivery';
import { insertPost, insertThread } from '../posts/posts.delivery.queries';
import { postAccess } from '../posts/index';
import { foldSearchText } from './fold';
import { foldedColumn } from './fold.sql';
import { readablePost, readerKindOf } from './readable.sql';
import { norteParentOf, publishPost } from './threads.fixtures';

// The threads area spells postAccess in SQL for its compiled reads (readable.sql.ts), and folds text
// in SQL and in JavaScript (fold.sql.ts, fold.ts): each pair must agree.

describeOnDatabases('threads: the readable rule and folding agree with their other halves', (t) => {
  let w: World;
  let callers: TestPerson[];
  const postIds: number[] = [];

  beforeAll(async () => {
    w = await makeWorld(t);
    const norteParent = await norteParentOf(t, w);
    callers = [w.parentA, w.parentB, w.studentA, w.teacherA, w.teacherB, w.admin, w.driver, w.employee, w.rider, w.otherAdmin, norteParent];
    const toBoth = await publishPost(t, w.teacherA, [w.parentA, w.parentB], { replies: 'author' });
    postIds.push(toBoth.id);
    postIds.push((await publishPost(t, w.parentA, [w.teacherA], { threadId: toBoth.thread, replyToId: toBoth.id })).id);
    postIds.push((await publishPost(t, w.teacherB, [w.studentB, w.parentB])).id);
    postIds.push((await publishPost(t, w.admin, [w.rider])).id);
    postIds.push((await publishPost(t, w.otherAdmin, [norteParent])).id);
    const now = new Date().toISOString();
    for (const [author, status] of [
      [w.teacherA, 'draft'],
      [w.admin, 'scheduled'],
    ] as const) {
      const settings = { highlight: false, notifications: true, recipientsVisible: false, replies: 'author' as const, forward: false };
      const content = contentRow({ type: 'news', title: '', description: '', settings, audience: { people: [], rules: null, relatives: false }, quotes: [], publishDate: null, expirationDate: null });
      const thread = await insertThread(t.db, w.school.id, now);
      postIds.push(await insertPost(t.db, { ...content, org_id: w.school.id, thread_id: thread, author_id: author.id, status, created_at: now }));
    }
  });

  it('reads in a thread exactly the published posts postAccess lets each caller see', async () => {
    for (const person of callers) {
      const caller = await callerOf(t, person);
      const published = new Set(
        (await t.db.selectFrom('posts').select('id').where('status', '=', 'published').where('id', 'in', postIds).where('org_id', 'in', [w.school.id, w.otherSchool.id]).execute()).map(
          (r) => r.id,
        ),
      );
      const expected = [...(await postAccess.visible(t.db, caller, postIds))].filter((id) => published.has(id)).sort();
      const rows = await t.db
        .selectFrom('posts')
        .select('posts.id')
        .where('posts.org_id', '=', person.org.id)
        .where('posts.id', 'in', postIds)
        .where(readablePost(readerKindOf(caller), person.org.id, person.id))
        .execute();
      expect(
        rows.map((r) => r.id).sort(),
        person.firstName,
      ).toEqual(expected);
    }
  });

  it('folds text in SQL as in JavaScript', async () => {
    const titles = ['Número ÁÉÍÓÚ àèìòù', 'Ññ Çç Üü ÂÊÎÔÛ Ýÿ ÅÄÖ åäö', 'MAYÚSCULAS y minúsculas', 'Straße 12 ½ – “comillas”', 'Crème brûlée à la carte', 'Ação São João'];
    const ids: number[] = [];
    for (const title of titles) ids.push((await publishPost(t, w.teacherA, [w.parentA], { title })).id);
    const rows = await t.db
      .selectFrom('posts')
      .select(['posts.id', 'posts.title', foldedColumn(t.db, 'posts.title').as('folded')])
      .where('posts.org_id', '=', w.school.id)
      .where('posts.id', 'in', ids)
      .execute();
    expect(rows).toHaveLength(titles.length);
    for (const row of rows) expect(row.folded, row.title).toBe(foldSearchText(row.title));
    expect(foldSearchText('Número ÑANDÚ')).toBe('numero nandu');
  });
});
