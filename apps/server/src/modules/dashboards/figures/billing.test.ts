import { beforeAll, expect, it } from 'vitest';
import type { SchoolTree, TestPerson } from '../../../test/factories';
import { describeOnDatabases, type Org } from '../../../test/harness';
import { applyCredit, createDebit, recordCredit } from '../../billing/index';
import { billingFigure } from './billing';
import { blockDataOf, figureRequest, viewerOf } from './figure-context.fixtures';

// Issue 36 §2 on both databases: the billing block — collected vs owed and overdue — counted as
// billing counts balances, for billing staff only, narrowed by the group filter to current students.

const MARCH = { from: '2026-03-01', to: '2026-03-31' };

describeOnDatabases('dashboard figure: billing', (t) => {
  let school: Org;
  let tree: SchoolTree;
  let admin: TestPerson;
  let treasurer: TestPerson;
  let teacher: TestPerson;
  let studentA: TestPerson;
  let studentB: TestPerson;

  const debit = (student: TestPerson, issueDate: string, expirationDate: string, value: number, currency = 'COP') =>
    t.db.transaction().execute((trx) =>
      createDebit(trx, {
        orgId: student.org.id,
        personId: student.id,
        period: issueDate.slice(0, 7),
        description: 'Mensualidad',
        issueDate,
        expirationDate,
        currency,
        concepts: [{ name: 'Pensión', observations: '', value }],
      }),
    );
  const credit = (student: TestPerson, date: string, value: number, applyTo?: number) =>
    t.db.transaction().execute(async (trx) => {
      const c = await recordCredit(trx, { orgId: student.org.id, personId: student.id, method: 'cash', value, date, effectiveDate: date, currency: 'COP' });
      if (applyTo !== undefined) await applyCredit(trx, { orgId: student.org.id, creditId: c.id, debitId: applyTo, today: date });
      return c;
    });

  beforeAll(async () => {
    school = await t.makeSchool({ settings: { timeZone: 'America/Bogota' } });
    tree = await t.makeTree(school);
    admin = await t.makePerson(school, { role: 'admin' });
    treasurer = await t.makePerson(school, { role: 'employee', node: tree.root });
    teacher = await t.makePerson(school, { role: 'teacher', node: tree.classA });
    studentA = await t.makePerson(school, { role: 'student', node: tree.classA });
    studentB = await t.makePerson(school, { role: 'student', node: tree.classB });
    const leaver = await t.makePerson(school, { role: 'student', node: tree.classA });

    // Student A: 630,000 issued in March, expired on the 10th (overdue), 100,000 of it paid on the 20th.
    const a = await debit(studentA, '2026-03-05', '2026-03-10', 630_000);
    await credit(studentA, '2026-03-20', 100_000, a.id);
    // Student B: 200,000 issued in March, due in 2030 (owed, not overdue); 50,000 received, not applied yet.
    await debit(studentB, '2026-03-15', '2030-12-10', 200_000);
    await credit(studentB, '2026-03-21', 50_000);
    // Outside the figures: a debit issued in February, one in another currency, a credit of April.
    await debit(studentA, '2026-02-01', '2026-02-10', 999_000);
    await debit(studentB, '2026-03-16', '2026-03-20', 777_000, 'USD');
    const april = await debit(studentA, '2026-04-01', '2030-04-10', 40_000);
    await credit(studentA, '2026-04-02', 40_000, april.id);
    // A student who left 3A still owes: the school counts it, 3A's filter no longer does.
    await debit(leaver, '2026-03-06', '2026-03-10', 300_000);
    await t.db.updateTable('memberships').set({ enrollment_status: 'withdrawn' }).where('org_id', '=', school.id).where('person_id', '=', leaver.id).execute();

    // Another school's March, the same dates: never counted here.
    const other = await t.makeSchool({ settings: { timeZone: 'America/Bogota' } });
    const otherStudent = await t.makePerson(other, { role: 'student' });
    const o = await debit(otherStudent, '2026-03-05', '2026-03-10', 5_000_000);
    await credit(otherStudent, '2026-03-20', 1_000_000, o.id);
  });

  it('item 2: collected is what was applied of the credits received in the period; owed and overdue are the debits of the period as billing balances them today', async () => {
    const figures = await billingFigure(await viewerOf(t, admin), figureRequest('billing', MARCH));
    expect(figures).toEqual({
      kind: 'billing',
      ...MARCH,
      node: null,
      currency: 'COP',
      collected: 100_000,
      owed: 530_000 + 200_000 + 300_000,
      overdue: 530_000 + 300_000,
    });
  });

  it('item 2: the group filter keeps to the current students of its subtree', async () => {
    const viewer = await viewerOf(t, treasurer);
    expect(await billingFigure(viewer, figureRequest('billing', MARCH, {}, { id: tree.classA, name: '3A' }))).toMatchObject({
      node: { id: tree.classA, name: '3A' },
      collected: 100_000,
      owed: 530_000,
      overdue: 530_000,
    });
    expect(await billingFigure(viewer, figureRequest('billing', MARCH, {}, { id: tree.classB, name: '3B' }))).toMatchObject({ collected: 0, owed: 200_000, overdue: 0 });
    // The grade holds both classes.
    expect(await billingFigure(viewer, figureRequest('billing', MARCH, {}, { id: tree.grade, name: 'Third' }))).toMatchObject({
      collected: 100_000,
      owed: 730_000,
      overdue: 530_000,
    });
  });

  it('item 2: a teacher is no billing staff: 403 forbidden_block, even when asked directly', async () => {
    await expect(billingFigure(await viewerOf(t, teacher), figureRequest('billing', MARCH))).rejects.toMatchObject({ statusCode: 403, code: 'forbidden_block' });
  });

  it('item 2: a period without rows answers zeros, not an error', async () => {
    expect(await billingFigure(await viewerOf(t, admin), figureRequest('billing', { from: '2025-01-01', to: '2025-01-31' }))).toMatchObject({ collected: 0, owed: 0, overdue: 0 });
  });

  it('item 2: through GET dashboards/{id}/blocks/{blockId}/data: the treasurer gets the figures of 3A, a teacher 403 forbidden_block', async () => {
    const res = await blockDataOf(t, admin, treasurer, 'billing', {}, `?from=${MARCH.from}&to=${MARCH.to}&node=${tree.classA}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ kind: 'billing', ...MARCH, node: { id: tree.classA, name: '3A' }, currency: 'COP', collected: 100_000, owed: 530_000, overdue: 530_000 });
    const refused = await blockDataOf(t, admin, teacher, 'billing', {}, `?from=${MARCH.from}&to=${MARCH.to}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('forbidden_block');
  });
});
