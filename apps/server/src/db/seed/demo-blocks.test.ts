import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { findPersonIdByUsername } from '../../modules/people/people.queries';
import { seedDemoSchools } from './index';
import { museumCircularTitle } from './demo-blocks';

// The demo's poll and html block, read as the demo people read them.
describeOnDatabases(
  'the demo blocks',
  (t) => {
    it('gives the 7A museum circular an itinerary and a poll that two families answered and the demo parent has not', async () => {
      const { id: orgId } = await t.db.selectFrom('orgs').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
      const person = async (username: string) => (await findPersonIdByUsername(t.db, orgId, username))!;
      const [teacher, parent, admin] = [await person('teacher'), await person('parent'), await person('admin')];
      const signIn = (id: number) => t.app.patio.tokens.sign('demo', id);
      const get = async (id: number, path: string) => t.request({ method: 'GET', url: `/api/demo/${path}`, token: await signIn(id) });

      const post = await t.db.selectFrom('posts').select('id').where('org_id', '=', orgId).where('title', '=', museumCircularTitle).executeTakeFirstOrThrow();
      const blocks = (await get(parent, `posts/${post.id}/blocks`)).json();
      expect(blocks.map((b: { type: string }) => b.type)).toEqual(['html', 'form']);
      expect((await get(parent, blocks[0].url)).json().body).toContain('Museo del Oro');
      const form = (await get(parent, blocks[1].url)).json();
      expect(form.fields.map((f: { type: string }) => f.type)).toEqual(['select', 'checkbox', 'textarea']);
      expect((await get(parent, `people/${parent}/${blocks[1].url}/records`)).json()).toEqual([]);

      const results = (await get(teacher, `${blocks[1].url}/results`)).json();
      expect(results.answered).toBe(2);
      expect(results.fields[0].counts.map((c: { count: number }) => c.count)).toEqual([1, 1]);
      expect((await get(admin, `${blocks[1].url}/pending`)).json().map((p: { id: number }) => p.id)).toContain(parent);

      // Seeding again adds nothing.
      expect((await seedDemoSchools(t.db)).ran).toEqual([]);
      expect((await get(parent, `posts/${post.id}/blocks`)).json()).toHaveLength(2);
    });
  },
  { seedDemo: true },
);
