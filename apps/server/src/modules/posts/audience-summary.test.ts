import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { upsertRelationshipPair } from '../people/people.queries';
import { as, ids, norteAccount, publishAs, recipientsOf, rule } from './posts.fixtures';

// Issue 33 item 1: "Families of 7A" in one rule, and compose's recipient summary by kind.

describeOnDatabases('audience summary and families of a class', (t) => {
  let w: World;
  const summaryAs = (person: World['teacherA'], audience: unknown) => as(t, person, 'POST', `people/${person.id}/posts/audience-summary`, audience);
  const familiesOf = (node: number) => rule('familiesOf', 'eq', node);

  beforeAll(async () => {
    w = await makeWorld(t);
    // A second parent of student A whose registration is still pending: never part of an audience.
    const pending = await makeRegistrant(t, w.school, { firstName: 'Paula' });
    await upsertRelationshipPair(t.db, w.school.id, { personId: w.studentA.id, relativeId: pending.id, kind: 'mother', inverseKind: 'daughter' });
  });

  it('item 1: "families of" a class reaches the parents of its students and nobody else', async () => {
    const res = await summaryAs(w.teacherA, { rules: familiesOf(w.tree.classA) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 1, students: 0, relatives: 1, staff: 0 });
    // A grade reaches the families of every class below it.
    const grade = await summaryAs(w.admin, { rules: familiesOf(w.tree.grade) });
    expect(grade.json()).toEqual({ count: 2, students: 0, relatives: 2, staff: 0 });

    const published = await publishAs(t, w.teacherA, { type: 'circular', title: 'Reunión de padres', audience: { rules: familiesOf(w.tree.classA) } });
    expect(published.statusCode).toBe(201);
    expect(await recipientsOf(t, w.school.id, published.json().id)).toEqual(ids(w.parentA));
  });

  it('item 1: the summary counts students, relatives and staff as publishing would reach them', async () => {
    const studentsAndFamilies = { rules: { op: 'and', args: [rule('node', 'eq', w.tree.classA), rule('role', 'eq', 'student')] }, relatives: true };
    expect((await summaryAs(w.teacherA, studentsAndFamilies)).json()).toEqual({ count: 2, students: 1, relatives: 1, staff: 0 });
    // The class alone: its student and its teacher, but the author is never a recipient.
    expect((await summaryAs(w.teacherA, { rules: rule('node', 'eq', w.tree.classA) })).json()).toEqual({ count: 1, students: 1, relatives: 0, staff: 0 });
    expect((await summaryAs(w.admin, { rules: rule('node', 'eq', w.tree.classA) })).json()).toEqual({ count: 2, students: 1, relatives: 0, staff: 1 });
    // People by name, their relatives, and a rule together; each person once.
    const mixed = await summaryAs(w.admin, { people: [w.studentA.id, w.employee.id, w.parentA.id], rules: familiesOf(w.tree.classA), relatives: true });
    expect(mixed.json()).toEqual({ count: 3, students: 1, relatives: 1, staff: 1 });
    // Nobody yet is an answer, not a refusal.
    expect((await summaryAs(w.teacherA, {})).json()).toEqual({ count: 0, students: 0, relatives: 0, staff: 0 });
  });

  it('item 1: a family addresses people one by one and sees them counted; rules stay for staff', async () => {
    expect((await summaryAs(w.parentA, { people: [w.teacherA.id] })).json()).toEqual({ count: 1, students: 0, relatives: 0, staff: 1 });
    const byRule = await summaryAs(w.parentA, { rules: familiesOf(w.tree.classA) });
    expect(byRule.statusCode).toBe(403);
    expect(byRule.json()).toMatchObject({ error: 'forbidden_audience' });
    const relatives = await summaryAs(w.parentA, { people: [w.teacherA.id], relatives: true });
    expect(relatives.statusCode).toBe(403);
  });

  it('item 1: a teacher asks only about the families of her own classes; nothing crosses schools', async () => {
    const other = await summaryAs(w.teacherA, { rules: familiesOf(w.tree.classB) });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ error: 'forbidden_filter', message: expect.stringContaining('familiesOf') });
    const norteAdmin = await norteAccount(t, w, 'admin');
    const foreignNode = await summaryAs(norteAdmin, { rules: familiesOf(w.tree.classA) });
    expect(foreignNode.statusCode).toBe(400);
    expect(foreignNode.json()).toMatchObject({ error: 'unknown_node' });
    const foreignPeople = await summaryAs(norteAdmin, { people: [w.parentA.id] });
    expect(foreignPeople.statusCode).toBe(403);
    expect(foreignPeople.json()).toMatchObject({ error: 'forbidden_recipients' });
    // Another person's path is refused whatever the body.
    expect((await as(t, w.teacherA, 'POST', `people/${w.teacherB.id}/posts/audience-summary`, {})).statusCode).toBe(403);
  });

  it('item 1: bad input is a 400 with a code, never a 500', async () => {
    for (const body of [
      { rules: rule('familiesOf', 'eq', 'clase') },
      { rules: rule('familiesOf', 'neq', w.tree.classA) },
      { rules: rule('familiesOf', 'eq', w.tree.classA, w.tree.classB) },
      { people: ['1'] },
      { people: [w.parentA.id], extra: true },
      { rules: rule('firstName', 'eq', 'a\u0000b'), people: 'x' },
      { people: Array.from({ length: 20_001 }, (_, i) => i + 1) },
    ]) {
      const res = await summaryAs(w.admin, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
  });

  it('item 1: twenty identical summaries at once agree and write nothing', async () => {
    const before = await t.db.selectFrom('posts').select((eb) => eb.fn.countAll<number | string>().as('n')).where('org_id', '=', w.school.id).executeTakeFirstOrThrow();
    const body = { rules: familiesOf(w.tree.grade), people: [w.studentB.id] };
    const answers = await Promise.all(Array.from({ length: 20 }, () => summaryAs(w.admin, body)));
    for (const res of answers) expect(res.json()).toEqual({ count: 3, students: 1, relatives: 2, staff: 0 });
    const after = await t.db.selectFrom('posts').select((eb) => eb.fn.countAll<number | string>().as('n')).where('org_id', '=', w.school.id).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
