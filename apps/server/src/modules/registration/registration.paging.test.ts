import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import type { TestPerson } from '../../test/factories';
import { makeRegistrant } from '../../test/registrants';
import { registeringSchool } from './registration.fixtures';

// The pending badge counts families with `limit=1` and X-Total-Count instead of reading the whole list.

describeOnDatabases('paging and counting the registrations list', (t) => {
  let setup: Awaited<ReturnType<typeof registeringSchool>>;
  let pending: TestPerson[];
  let api: string;
  const list = (query: string, token = setup.adminToken) => t.request({ method: 'GET', url: `${api}/registrations?${query}`, token });
  const idsOf = (body: string) => (JSON.parse(body) as { personId: number }[]).map((r) => r.personId);

  beforeAll(async () => {
    setup = await registeringSchool(t);
    api = `/api/${setup.school.code}`;
    pending = [];
    for (const firstName of ['Ana', 'Berta', 'Carla', 'Dora', 'Elena']) pending.push(await makeRegistrant(t, setup.school, { firstName }));
    await makeRegistrant(t, setup.school, { status: 'rejected' });
    // Another school's families count there only.
    const other = await registeringSchool(t);
    for (let i = 0; i < 3; i++) await makeRegistrant(t, other.school);
  });

  it('answers the whole list without page or limit, as before, with the total in X-Total-Count', async () => {
    const res = await list('status=pending');
    expect(res.statusCode, res.body).toBe(200);
    expect(idsOf(res.body)).toEqual(pending.map((p) => p.id));
    expect(res.headers['x-total-count']).toBe('5');
    const rejected = await list('status=rejected');
    expect([rejected.headers['x-total-count'], idsOf(rejected.body).length]).toEqual(['1', 1]);
  });

  it('counts with limit=1 and walks the pages oldest first', async () => {
    const one = await list('status=pending&limit=1');
    expect([idsOf(one.body), one.headers['x-total-count']]).toEqual([[pending[0].id], '5']);
    const pages = await Promise.all([1, 2, 3, 4].map((page) => list(`status=pending&page=${page}&limit=2`)));
    expect(pages.map((p) => idsOf(p.body))).toEqual([[pending[0].id, pending[1].id], [pending[2].id, pending[3].id], [pending[4].id], []]);
    expect(new Set(pages.map((p) => p.headers['x-total-count']))).toEqual(new Set(['5']));
    // A page without a limit is a page of 500.
    expect(idsOf((await list('status=pending&page=1')).body)).toHaveLength(5);
    expect(idsOf((await list('status=pending&page=2')).body)).toEqual([]);
  });

  it('refuses a bad page or limit with 400', async () => {
    for (const query of ['limit=0', 'limit=501', 'page=0', 'page=abc', 'limit=1%00', `limit=${'9'.repeat(5000)}`, 'page=1.5']) {
      const res = await list(`status=pending&${query}`);
      expect({ query, status: res.statusCode, error: typeof res.json().error }).toEqual({ query, status: 400, error: 'string' });
    }
  });

  it('tells nobody but the school administrator how many families wait', async () => {
    const teacher = await t.makePerson(setup.school, { role: 'teacher', node: setup.tree.classA });
    const student = await t.makePerson(setup.school, { role: 'student', node: setup.tree.classA });
    const parent = await t.makePerson(setup.school, { relativeOf: student });
    const other = await registeringSchool(t);
    for (const token of [await t.signIn(teacher), await t.signIn(parent), await t.signIn(pending[0]), other.adminToken]) {
      const res = await list('status=pending&limit=1', token);
      expect([res.statusCode, res.headers['x-total-count']]).toEqual([403, undefined]);
    }
    expect((await t.request({ method: 'GET', url: `${api}/registrations?status=pending&limit=1` })).statusCode).toBe(401);
    const own = await t.request({ method: 'GET', url: `/api/${other.school.code}/registrations?status=pending&limit=1`, token: other.adminToken });
    expect([own.headers['x-total-count'], own.json()]).toEqual(['0', []]);
  });
});
