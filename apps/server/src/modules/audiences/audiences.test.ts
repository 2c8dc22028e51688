import { beforeAll, expect, it } from 'vitest';
import { insertNode, insertNodeType } from '../nodes/nodes.queries';
import type { Org } from '../../policy/policy';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
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

  it('refuses unknown fields, operators, nodes and arguments', async () => {
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
    expect((await preview(rule('debtor', 'eq', 'yes'))).json().error).toBe('invalid_args');
    expect((await preview(rule('billingPrice', 'gt', '450.000'))).json().error).toBe('invalid_args');
    expect((await preview(rule('billingPrice', 'contains', 1))).json().error).toBe('unknown_op');
    expect((await preview(rule('billingDebit', 'lt', 'pensión'))).json().error).toBe('unknown_op');
  });

  it('is for staff only', async () => {
    expect((await preview(rule('role', 'eq', 'student'), false, p.teresa)).statusCode).toBe(200);
    expect((await preview(rule('role', 'eq', 'student'), false, p.ernesto)).statusCode).toBe(200);
    expect((await preview(rule('role', 'eq', 'student'), false, p.pablo)).statusCode).toBe(403);
    expect((await preview(rule('role', 'eq', 'student'), false, p.alba)).statusCode).toBe(403);
  });
  const status = async (as: TestPerson, rules: unknown, includeRelatives = false) => {
    const res = await preview(rules, includeRelatives, as);
    if (res.statusCode === 403) expect(res.json()).toEqual({ error: expect.stringMatching(/^forbidden/), message: expect.any(String) });
    return res.statusCode;
  };

  it('item 3: a teacher may not preview an audience by document (403)', async () => {
    const res = await preview(rule('document', 'beginsWith', '1'), false, p.teresa);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'forbidden_filter', message: expect.stringContaining('"document"') });
    // Also hidden inside a combination, and under "not".
    expect(await status(p.teresa, { op: 'and', args: [rule('node', 'eq', nodes.classA), rule('document', 'beginsWith', '1')] })).toBe(403);
    expect(await status(p.teresa, { op: 'not', args: [rule('document', 'eq', 'x')] })).toBe(403);
    expect(await status(p.ernesto, rule('document', 'beginsWith', '1'))).toBe(200);
    expect(await status(p.adela, rule('document', 'beginsWith', '1'))).toBe(200);
  });

  it('item 3: a teacher selects by node, enrollment and school data only within the classes they teach', async () => {
    const inClassA = (other: unknown) => ({ op: 'and', args: [rule('node', 'eq', nodes.classA), other] });
    // On the card, or staff data: anywhere.
    for (const ok of [rule('firstName', 'beginsWith', 'b'), rule('lastName', 'eq', 'ruiz'), rule('role', 'eq', 'student'), rule('employeeGroup', 'eq', nodes.root)]) {
      expect(await status(p.teresa, ok), JSON.stringify(ok)).toBe(200);
    }
    // Their class, and school data confined to it.
    for (const ok of [
      rule('node', 'eq', nodes.classA),
      rule('node', 'neq', nodes.classA),
      inClassA(rule('gender', 'eq', 'female')),
      inClassA(rule('enrollmentStatus', 'eq', 'active')),
      inClassA({ op: 'not', args: [rule('familiesWithChildren', 'gt', 1)] }),
      { op: 'or', args: [inClassA(rule('gender', 'eq', 'male')), rule('node', 'eq', nodes.classA)] },
    ]) {
      expect(await status(p.teresa, ok, true), JSON.stringify(ok)).toBe(200);
    }
    // Anything reaching beyond it: 403, never an empty answer.
    for (const refused of [
      rule('node', 'eq', nodes.classB),
      rule('node', 'eq', nodes.grade3),
      rule('node', 'gradedAtOrAbove', nodes.classA),
      rule('transportRoute', 'eq', nodes.route),
      rule('enrollmentStatus', 'eq', 'pending'),
      rule('gender', 'eq', 'female'),
      rule('familiesWithChildren', 'eq', 2),
      { op: 'or', args: [inClassA(rule('gender', 'eq', 'male')), rule('gender', 'eq', 'female')] },
      { op: 'and', args: [rule('node', 'neq', nodes.classA), rule('gender', 'eq', 'female')] },
      rule('debtor', 'eq', true),
      rule('billingDebit', 'contains', 'pensión'),
      inClassA(rule('billingPrice', 'gt', 0)),
    ]) {
      expect(await status(p.teresa, refused), JSON.stringify(refused)).toBe(403);
    }
    const named = await preview(rule('enrollmentStatus', 'eq', 'pending'), false, p.teresa);
    expect(named.json().message).toContain('"enrollmentStatus"');
    // The school-wide employee (employee of the root) may use every field.
    for (const ok of [
      rule('node', 'eq', nodes.classB), rule('enrollmentStatus', 'eq', 'pending'), rule('gender', 'eq', 'female'), rule('node', 'gradedAtOrAbove', nodes.grade4),
      rule('debtor', 'eq', true), rule('billingDebit', 'eq', 'x'), rule('billingPrice', 'between', 1, 2),
    ]) {
      expect(await status(p.ernesto, ok), JSON.stringify(ok)).toBe(200);
    }
  });

  it('item 8: the employee of a bus route (its driver) may not preview audiences', async () => {
    const driver = await t.makePerson(school, { role: 'employee', node: nodes.route, firstName: 'Diego' });
    expect(await status(driver, rule('transportRoute', 'eq', nodes.route))).toBe(403);
    expect(await status(driver, rule('role', 'eq', 'student'))).toBe(403);
  });

  it('item 5: audiences never include people whose registration is not approved', async () => {
    const registrant = await makeRegistrant(t, school, { firstName: 'Regina' });
    // As registration used to leave it: already enrolled, and recorded as Alba's mother.
    await t.enroll(registrant, nodes.classA, { status: 'pending' });
    await t.relate(registrant, p.alba, 'mother');
    expect(await names(rule('firstName', 'eq', 'regina'))).toEqual([]);
    expect(await names(rule('node', 'eq', nodes.classA), true)).toEqual(['Alba', 'Pablo', 'Teresa']);
    const resolved = await resolveAudience(t.db, school.id, rule('node', 'eq', nodes.classA), { includeRelatives: true });
    expect(resolved.personIds).not.toContain(registrant.id);
    await t.db.deleteFrom('memberships').where('org_id', '=', school.id).where('person_id', '=', registrant.id).execute();
    await t.db.deleteFrom('relationships').where('org_id', '=', school.id).where('person_id', '=', registrant.id).execute();
    await t.db.deleteFrom('relationships').where('org_id', '=', school.id).where('relative_id', '=', registrant.id).execute();
  });

  it('item 14: node rules leave out students whose enrollment has ended; enrollmentStatus still finds them', async () => {
    const leaver = await t.makePerson(school, { firstName: 'Lucas', lastName: 'Luna', gender: 'male' });
    await t.enroll(leaver, nodes.classA, { status: 'withdrawn' });
    await t.makePerson(school, { firstName: 'Lidia', lastName: 'Luna', relativeOf: leaver });
    expect(await names(rule('node', 'eq', nodes.classA), true)).toEqual(['Alba', 'Pablo', 'Teresa']);
    expect(await names(rule('node', 'gradedAtOrBelow', nodes.grade3))).toEqual(['Alba', 'Bruno']);
    expect(await names({ op: 'and', args: [rule('role', 'eq', 'student'), rule('lastName', 'eq', 'luna')] })).toEqual([]);
    expect(await names(rule('enrollmentStatus', 'eq', 'withdrawn'), true)).toEqual(['Lidia', 'Lucas']);
    await t.db.deleteFrom('memberships').where('org_id', '=', school.id).where('person_id', '=', leaver.id).execute();
  });
  it('issue 14: selects debtors by an overdue unpaid debit, people by a debit’s description or concept and by its value; families come with includeRelatives', async () => {
    // Ledger rows written directly (the billing area builds on this one, never the other way round).
    let sequence = 0;
    const debit = async (personId: number, d: { description: string; expirationDate: string; paidOn?: string }, concepts: [string, number][]) => {
      const value = concepts.reduce((sum, [, v]) => sum + v, 0);
      const now = new Date().toISOString();
      const { id } = await t.db
        .insertInto('billing_debits')
        .values({
          org_id: school.id, person_id: personId, sequence: ++sequence, period: d.expirationDate.slice(0, 7), description: d.description, issue_date: '2019-12-01',
          expiration_date: d.expirationDate, currency: 'COP', value, interest: 0, paid: d.paidOn ? value : 0, interest_from: d.expirationDate,
          paid_on: d.paidOn ?? null, reference: null, import_id: null, created_by: null, created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('billing_debit_concepts')
        .values(concepts.map(([name, v], i) => ({ org_id: school.id, debit_id: id, position: i + 1, kind: 'charge', name, observations: '', value: v, paid: d.paidOn ? v : 0, created_at: now })))
        .execute();
    };
    await debit(p.alba.id, { description: 'Pensión enero', expirationDate: '2020-01-10' }, [['Pensión', 450_000], ['Transporte', 120_000]]);
    await debit(p.bruno.id, { description: 'Matrícula', expirationDate: '2099-12-31' }, [['Matrícula', 300_000]]);
    await debit(p.carla.id, { description: 'Pensión enero', expirationDate: '2020-01-10', paidOn: '2020-01-05' }, [['Pensión', 450_000]]);
    expect(await names(rule('debtor', 'eq', true))).toEqual(['Alba']);
    // A post to debtors with their relatives reaches the family (decision 010: relatives of everyone selected).
    expect(await names(rule('debtor', 'eq', true), true)).toEqual(['Alba', 'Pablo']);
    expect(await names(rule('debtor', 'eq', false))).toEqual(['Bruno', 'Carla']);
    expect(await names(rule('billingDebit', 'contains', 'TRANSP'))).toEqual(['Alba']);
    expect(await names(rule('billingDebit', 'eq', 'matrícula'))).toEqual(['Bruno']);
    expect(await names(rule('billingDebit', 'eq', 'pensión'))).toEqual(['Alba']);
    expect(await names(rule('billingDebit', 'contains', '100%_'))).toEqual([]);
    expect(await names(rule('billingPrice', 'lt', 400_000))).toEqual(['Bruno']);
    expect(await names(rule('billingPrice', 'gt', 500_000))).toEqual(['Alba']);
    expect(await names(rule('billingPrice', 'eq', 570_000))).toEqual(['Alba']);
    expect(await names(rule('billingPrice', 'between', 300_000, 570_000))).toEqual(['Alba', 'Bruno']);
    expect(await names({ op: 'and', args: [rule('debtor', 'eq', true), rule('node', 'eq', nodes.classB)] })).toEqual([]);
    const resolved = await resolveAudience(t.db, school.id, rule('debtor', 'eq', true), { includeRelatives: true });
    expect(resolved.personIds).toEqual([p.alba.id, p.pablo.id].sort((a, b) => a - b));
    // Another school's debts select nobody here.
    const other = await t.makeSchool();
    expect((await resolveAudience(t.db, other.id, rule('debtor', 'eq', true))).count).toBe(0);
  });
});
