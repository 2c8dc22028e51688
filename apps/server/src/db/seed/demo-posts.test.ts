import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { findPersonIdByUsername } from '../../modules/people/people.queries';
import { seedDemoSchools } from './index';

// The demo's posts make every messaging screen meaningful: they are read here as the screens read them.
describeOnDatabases(
  'the demo posts',
  (t) => {
    const org: Record<string, number> = {};
    beforeAll(async () => {
      for (const row of await t.db.selectFrom('orgs').select(['id', 'code']).execute()) org[row.code] = row.id;
    });
    const person = async (code: string, username: string) => (await findPersonIdByUsername(t.db, org[code], username))!;
    const postsOf = (code: string) =>
      t.db.selectFrom('posts').select(['id', 'type', 'title', 'status', 'author_id', 'highlight', 'reply_to_id', 'thread_id', 'audience_count']).where('org_id', '=', org[code]).orderBy('id').execute();

    it('gives the demo posts of several kinds, delivered, with a thread that has a reply and a scheduled post', async () => {
      const posts = await postsOf('demo');
      expect(new Set(posts.map((p) => p.type))).toEqual(new Set(['announcement', 'circular', 'message', 'news', 'meeting']));
      const [teacher, parent, admin] = [await person('demo', 'teacher'), await person('demo', 'parent'), await person('demo', 'admin')];
      const circular = posts.find((p) => p.type === 'circular')!;
      expect(circular).toMatchObject({ author_id: teacher, highlight: 1, status: 'published' });
      const circularTo = await t.db.selectFrom('stubs').select('person_id').where('org_id', '=', org.demo).where('post_id', '=', circular.id).execute();
      expect(circularTo.map((s) => s.person_id)).toContain(parent);
      expect(circular.audience_count).toBe(circularTo.length);
      const reply = posts.find((p) => p.reply_to_id !== null)!;
      expect(reply).toMatchObject({ author_id: parent, type: 'message' });
      expect(posts.find((p) => p.id === reply.reply_to_id)).toMatchObject({ author_id: teacher, thread_id: reply.thread_id });
      const scheduled = posts.find((p) => p.status === 'scheduled')!;
      expect(scheduled).toMatchObject({ author_id: admin, type: 'meeting' });
      const job = await t.db.selectFrom('jobs').select(['state', 'run_at']).where('org_id', '=', org.demo).where('kind', '=', 'post.publish').executeTakeFirstOrThrow();
      expect(job.state).toBe('queued');
      expect(Date.parse(job.run_at)).toBeGreaterThan(Date.now());
      // The announcement reaches everyone but its author, and nobody waiting for approval.
      const announcement = posts.find((p) => p.type === 'announcement')!;
      const unapproved = await t.db.selectFrom('registrations').select('person_id').where('org_id', '=', org.demo).where('status', '<>', 'approved').execute();
      const reached = await t.db.selectFrom('stubs').select('person_id').where('org_id', '=', org.demo).where('post_id', '=', announcement.id).execute();
      expect(reached.map((s) => s.person_id)).not.toContain(admin);
      for (const { person_id } of unapproved) expect(reached.map((s) => s.person_id)).not.toContain(person_id);
    });

    it('gives norte posts of its own and every school the 18 kinds, once', async () => {
      const norte = await postsOf('norte');
      expect(norte.map((p) => p.type)).toEqual(['announcement', 'circular']);
      for (const code of ['demo', 'norte']) {
        const kinds = await t.db.selectFrom('post_types').select('key').where('org_id', '=', org[code]).execute();
        expect(kinds).toHaveLength(18);
      }
      const before = (await postsOf('demo')).length;
      expect(await seedDemoSchools(t.db)).toEqual({ ran: [] });
      expect(await postsOf('demo')).toHaveLength(before);
    });
  },
  { seedDemo: true },
);
