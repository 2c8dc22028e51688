import { beforeAll, expect, it } from 'vitest';
import { insertNode, insertNodeType } from '../nodes/nodes.queries';
import type { Org } from '../../policy/policy';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { resolveAudience } from './audiences.service';

describeOnDatabases('audiences (person-selection conditions)', (t) => {
  let school: Org;
  let p: Record<'alba' | 'bruno' | 'carla' | 'pablo' | 'rosa' | 'teresa' | 'ernesto' | 'adela', TestPerson>;
  let nodes: { root: number; grade3: number; classA: number; classB: number; grade4: number; class4A: number; route: number };

  beforeAll(async () => {
    school = await t.makeSchool();
    const tree = await t.makeTree(school);
    const grade4 = await insertNode(t.db, school.id, { parentId: tree.section, typeId: tree.types.grade, name: 'Fourth', position: 2 });
    const class4A = await insertNode(t.db, school.id, { parentId: grade4, typeId: tree.types.class, name: '4A', position: 1 });
    const routeType = await insertNodeType(t.db, school.id, { key: 'route', singular: { en: 'Route' }, plural: { en: 'Routes' } });
    const route = await insertNode(t.db, school.id, { parentId: tree.root, typeId: routeType, name: 'Route 1', position: 9 });
    nodes = { root: tree.root, grade3: tree.grade, classA: tree.classA, classB: tree.classB, grade4, class4A, route };
    const make = (firstName: string, lastName: string, gender: 'female' | 'male', extra: Parameters<typeof t.makePerson>[1] = {}) =>
      t.makePerson(school, { firstName, lastName, gender, ...extra });
    const alba = await make('Alba', 'Pérez', 'female', { role: 'student', node: tree.classA });
    const bruno = await make('Bruno', 'Pérez', 'male', { role: 'student', node: tree.classB });
    const carla = await make('Carla', 'Ruiz', 'female');
    await t.enroll(carla, class4A, { status: 'pending' });
    const pablo = await make('Pablo', 'Pérez', 'male', { relativeOf: alba });
    await t.relate(pablo, bruno);
    const rosa = await make('Rosa', 'Ruiz', 'female', { relativeOf: carla });
    const teresa = await make('Teresa', 'Toro', 'female', { role: 'teacher', node: tree.classA });
    const ernesto = await make('Ernesto', 'Vega', 'male', { role: 'employee', node: tree.root });
    const adela = await make('Adela', 'Arias', 'female', { role: 'admin' });
    await t.assign(alba, route, 'student');
    p = { alba, bruno, carla, pablo, rosa, teresa, ernesto, adela };
  });

  const preview = async (rules: unknown, includeRelatives = false, as: TestPerson = p.adela) =>
    t.request({ method: 'POST', url: `/api/${school.code}/audiences/preview`, token: await t.signIn(as), body: { rules, includeRelatives } });
  const names = async (rules: unknown, includeRelatives = false) => {
    const res = await preview(rules, includeRelatives);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { count: number; sample: { firstName: string }[] };
    expect(body.count).toBe(body.sample.length);
    return body.sample.map((s) => s.firstName).sort();
  };
  const rule = (field: string, op: string, ...args: unknown[]) => ({ field, op, args });

  it('selects by personal details, case-insensitively', async () => {
    expect(await names(rule('firstName', 'beginsWith', 'al'))).toEqual(['Alba']);
    expect(await names(rule('firstName', 'contains', 'RUN'))).toEqual(['Bruno']);
    expect(await names(rule('lastName', 'eq', 'pérez'))).toEqual(['Alba', 'Bruno', 'Pablo']);
    // Accents and case do not matter for names ("perez", "PÉREZ" find "Pérez").
    expect(await names(rule('lastName', 'eq', 'PEREZ'))).toEqual(['Alba', 'Bruno', 'Pablo']);
    expect(await names(rule('lastName', 'beginsWith', 'pÉ'))).toEqual(['Alba', 'Bruno', 'Pablo']);
    expect(await names(rule('lastName', 'contains', 'REZ'))).toEqual(['Alba', 'Bruno', 'Pablo']);
    expect(await names(rule('lastName', 'neq', 'perez'))).toEqual(['Adela', 'Carla', 'Ernesto', 'Rosa', 'Teresa']);
    expect(await names(rule('firstName', 'beginsWith', 'ÁL'))).toEqual(['Alba']);
    // A first-name rule looks at first names only.
    expect(await names(rule('firstName', 'contains', 'perez'))).toEqual([]);
    expect(await names(rule('lastName', 'eq', 'pere'))).toEqual([]);
    expect(await names(rule('lastName', 'between', 'r', 'tz'))).toEqual(['Carla', 'Rosa', 'Teresa']);
    expect(await names(rule('lastName', 'lt', 'b'))).toEqual(['Adela']);
    expect(await names(rule('lastName', 'gt', 'u'))).toEqual(['Ernesto']);
    expect(await names(rule('gender', 'eq', 'male'))).toEqual(['Bruno', 'Ernesto', 'Pablo']);
    expect(await names(rule('document', 'eq', 'nobody'))).toEqual([]);
  });

  it('selects by enrollment, node (with descendants), role, employee group and transport route', async () => {
    expect(await names(rule('enrollmentStatus', 'eq', 'pending'))).toEqual(['Carla']);
    expect(await names(rule('enrollmentStatus', 'eq', 'active'))).toEqual(['Alba', 'Bruno']);
    expect(await names(rule('node', 'eq', nodes.classA))).toEqual(['Alba', 'Teresa']);
    expect(await names(rule('node', 'eq', nodes.grade3))).toEqual(['Alba', 'Bruno', 'Teresa']);
    expect(await names(rule('role', 'eq', 'teacher'))).toEqual(['Teresa']);
    expect(await names(rule('role', 'eq', 'relative'))).toEqual(['Pablo', 'Rosa']);
    expect(await names(rule('role', 'eq', 'administrator'))).toEqual(['Adela']);
    expect(await names(rule('employeeGroup', 'eq', nodes.root))).toEqual(['Ernesto']);
    expect(await names(rule('transportRoute', 'eq', nodes.route))).toEqual(['Alba']);
  });

  it('selects families by number of children and students by grade order', async () => {
    expect(await names(rule('familiesWithChildren', 'eq', 2))).toEqual(['Pablo']);
    expect(await names(rule('familiesWithChildren', 'gt', 0))).toEqual(['Pablo', 'Rosa']);
    expect(await names(rule('familiesWithChildren', 'between', 1, 1))).toEqual(['Rosa']);
    expect(await names(rule('node', 'gradedAtOrAbove', nodes.grade4))).toEqual(['Carla']);
    expect(await names(rule('node', 'gradedAtOrBelow', nodes.grade3))).toEqual(['Alba', 'Bruno']);
    expect(await names(rule('node', 'gradedAtOrAbove', nodes.classA))).toEqual(['Alba', 'Bruno', 'Carla']);
  });

  it('combines rules with and/or/not and adds relatives on request', async () => {
    const students = rule('role', 'eq', 'student');
    expect(await names({ op: 'and', args: [students, rule('gender', 'eq', 'female')] })).toEqual(['Alba', 'Carla']);
    expect(await names({ op: 'or', args: [rule('node', 'eq', nodes.classB), rule('role', 'eq', 'administrator')] })).toEqual(['Adela', 'Bruno']);
    expect(await names({ op: 'and', args: [students, { op: 'not', args: [rule('node', 'eq', nodes.classA)] }] })).toEqual(['Bruno', 'Carla']);
    expect(await names(rule('node', 'neq', nodes.grade3))).toEqual(['Adela', 'Carla', 'Ernesto', 'Pablo', 'Rosa']);
    expect(await names(rule('node', 'eq', nodes.classA), true)).toEqual(['Alba', 'Pablo', 'Teresa']);
    const resolved = await resolveAudience(t.db, school.id, rule('node', 'eq', nodes.class4A), { includeRelatives: true });
    expect(resolved).toEqual({ personIds: [p.carla.id, p.rosa.id].sort((a, b) => a - b), count: 2 });
  });

  it('refuses unknown fields, operators and nodes, and the debtor rule until billing exists', async () => {
    const unknownField = await preview({ op: 'and', args: [rule('shoeSize', 'eq', 40)] });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json()).toMatchObject({ error: 'unknown_field', message: expect.stringContaining('rules.args[0]: unknown field "shoeSize"') });
    const unknownOp = await preview(rule('firstName', 'sounds like', 'x'));
    expect(unknownOp.json()).toMatchObject({ error: 'unknown_op', message: expect.stringContaining('unknown operator "sounds like" for "firstName"') });
    expect((await preview(rule('gender', 'contains', 'fe'))).json().error).toBe('unknown_op');
    expect((await preview(rule('between' as string, 'eq'))).statusCode).toBe(400);
    expect((await preview(rule('lastName', 'between', 'a'))).json().error).toBe('invalid_args');
    expect((await preview(rule('role', 'eq', 'pilot'))).json().error).toBe('invalid_args');
    expect((await preview(rule('node', 'eq', 999999))).json()).toMatchObject({ error: 'unknown_node' });
    const debtor = await preview(rule('debtor', 'eq', true));
    expect(debtor.statusCode).toBe(400);
    expect(debtor.json()).toEqual({ error: 'not_available', message: 'The "debtor" rule is not available until billing exists' });
  });

  it('is for staff only', async () => {
    expect((await preview(rule('role', 'eq', 'student'), false, p.teresa)).statusCode).toBe(200);
    expect((await preview(rule('role', 'eq', 'student'), false, p.ernesto)).statusCode).toBe(200);
    expect((await preview(rule('role', 'eq', 'student'), false, p.pablo)).statusCode).toBe(403);
    expect((await preview(rule('role', 'eq', 'student'), false, p.alba)).statusCode).toBe(403);
  });
});
