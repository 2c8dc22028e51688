import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';

// Issue 8: administrators add a group in place under a chosen parent; names are unique among
// siblings, hostile names and foreign ids are refused, and a refused request writes nothing.
describeOnDatabases('creating groups', (t) => {
  let w: World;
  const post = async (viewer: TestPerson | null, body: unknown, org = w.school) =>
    t.request({ method: 'POST', url: `/api/${org.code}/nodes`, token: viewer ? await t.signIn(viewer) : undefined, body });
  const countIn = async (orgId: number) =>
    Number((await t.db.selectFrom('nodes').select((eb) => eb.fn.countAll().as('n')).where('org_id', '=', orgId).executeTakeFirstOrThrow()).n);
  const countNodes = async () => (await countIn(w.school.id)) + (await countIn(w.otherSchool.id));
  const underGrade = (name: string) => ({ parentId: w.tree.grade, typeId: w.tree.types.class, name });

  beforeAll(async () => {
    w = await makeWorld(t);
  });

  it('creates a group under a parent and refuses a sibling with the same name', async () => {
    const created = await post(w.admin, underGrade('  3C '));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: '3C', parentId: w.tree.grade, memberCount: 0, path: [{ id: w.tree.root }, { id: w.tree.section }, { id: w.tree.grade }] });
    const before = await countNodes();
    for (const name of ['3C', '3c', ' 3c  ']) {
      const res = await post(w.admin, underGrade(name));
      expect(res.statusCode, name).toBe(409);
      expect(res.json()).toEqual({ error: 'node_name_taken', message: expect.stringContaining('already a group named') });
    }
    expect(await countNodes()).toBe(before);
    // The same name elsewhere, and a name differing by an accent, are other groups.
    expect((await post(w.admin, { ...underGrade('3C'), parentId: w.tree.section })).statusCode).toBe(201);
    expect((await post(w.admin, { ...underGrade('3C'), parentId: null })).statusCode).toBe(201);
    expect((await post(w.admin, underGrade('Año'))).statusCode).toBe(201);
    expect((await post(w.admin, underGrade('Ano'))).statusCode).toBe(201);
  });

  it('refuses renaming or moving a group onto a sibling’s name, changing nothing', async () => {
    const rename = await t.request({ method: 'PATCH', url: `/api/${w.school.code}/nodes/${w.tree.classB}`, token: await t.signIn(w.admin), body: { name: '3a' } });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error).toBe('node_name_taken');
    const other = (await post(w.admin, { ...underGrade('3B'), parentId: w.tree.section })).json();
    const move = await t.request({ method: 'PATCH', url: `/api/${w.school.code}/nodes/${other.id}`, token: await t.signIn(w.admin), body: { parentId: w.tree.grade } });
    expect(move.statusCode).toBe(409);
    const node = await t.request({ method: 'GET', url: `/api/${w.school.code}/nodes/${other.id}`, token: await t.signIn(w.admin) });
    expect(node.json()).toMatchObject({ parentId: w.tree.section, name: '3B' });
    const keep = await t.request({ method: 'PATCH', url: `/api/${w.school.code}/nodes/${w.tree.classB}`, token: await t.signIn(w.admin), body: { name: '3B', position: 7 } });
    expect(keep.statusCode).toBe(200);
  });

  it('refuses hostile names, foreign ids and unknown fields with 400, writing nothing', async () => {
    const norteTree = await t.makeTree(w.otherSchool);
    const before = await countNodes();
    for (const body of [
      underGrade(''),
      underGrade('   '),
      underGrade('a\u0000b'),
      underGrade('\u202eevil'),
      underGrade('zero\u200bwidth'),
      underGrade('x'.repeat(121)),
      underGrade('x'.repeat(1_000_000)),
      { ...underGrade('Norte type'), typeId: norteTree.types.class },
      { ...underGrade('Norte parent'), parentId: norteTree.grade },
      { ...underGrade('No parent'), parentId: 0 },
      { ...underGrade('Extra'), orgId: w.otherSchool.id },
      { name: 'No type', parentId: w.tree.grade },
      null,
    ]) {
      const res = await post(w.admin, body);
      expect([400, 413], JSON.stringify(body).slice(0, 60)).toContain(res.statusCode);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect(await countNodes()).toBe(before);
  });

  it('is for administrators of the school only', async () => {
    for (const viewer of [w.teacherA, w.employee, w.parentA, w.studentA, w.driver]) {
      expect((await post(viewer, underGrade(`By ${viewer.firstName}`))).statusCode, viewer.firstName).toBe(403);
    }
    expect((await post(null, underGrade('Guest'))).statusCode).toBe(401);
    expect((await post(w.otherAdmin, underGrade('Norte admin here'))).statusCode).toBe(403);
    // At home, norte's administrator cannot hang a group under this school's grade.
    expect((await post(w.otherAdmin, underGrade('Norte admin at home'), w.otherSchool)).statusCode).toBe(400);
  });

  it('makes one group of twenty identical requests sent at once', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, async () => post(w.admin, underGrade('Robótica'))));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const rows = await t.db.selectFrom('nodes').select('id').where('org_id', '=', w.school.id).where('name', '=', 'Robótica').execute();
    expect(rows).toHaveLength(1);
  });
});
