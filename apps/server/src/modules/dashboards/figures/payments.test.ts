import { localDateOf } from '@patio/core/calendar/times';
import { beforeAll, expect, it } from 'vitest';
import type { SchoolTree, TestPerson } from '../../../test/factories';
import { describeOnDatabases, type Org } from '../../../test/harness';
import { checkoutOf, makeDebit, startPayment, submitCheckout } from '../../billing/billing.payments.fixtures';
import { recordCredit } from '../../billing/index';
import { blockDataOf, figureRequest, viewerOf } from './figure-context.fixtures';
import { paymentsFigure } from './payments';

// Issue 36 §2 on both databases: "payments today" — money received in the period, each payment once
// whether it came online (an approved gateway payment) or through treasury (a recorded credit).

describeOnDatabases('dashboard figure: payments', (t) => {
  let school: Org;
  let tree: SchoolTree;
  let admin: TestPerson;
  let teacher: TestPerson;
  let studentA: TestPerson;
  let parentA: TestPerson;
  let studentB: TestPerson;
  let today: { from: string; to: string };

  const cash = (student: TestPerson, date: string, value: number) =>
    t.db.transaction().execute((trx) =>
      recordCredit(trx, { orgId: student.org.id, personId: student.id, method: 'cash', value, date, effectiveDate: date, currency: 'COP' }),
    );
  const payToday = async (viewer: TestPerson, node: { id: number; name: string } | null = null) =>
    paymentsFigure(await viewerOf(t, viewer), figureRequest('payments', today, {}, node));

  beforeAll(async () => {
    school = await t.makeSchool({ settings: { timeZone: 'America/Bogota' } });
    tree = await t.makeTree(school);
    admin = await t.makePerson(school, { role: 'admin' });
    teacher = await t.makePerson(school, { role: 'teacher', node: tree.classA });
    studentA = await t.makePerson(school, { role: 'student', node: tree.classA });
    parentA = await t.makePerson(school, { relativeOf: studentA });
    studentB = await t.makePerson(school, { role: 'student', node: tree.classB });
    const day = localDateOf(Math.floor(Date.now() / 1000), 'America/Bogota');
    today = { from: day, to: day };
    // Yesterday's cash and another school's cash today are not today's payments here.
    await cash(studentB, '2020-01-01', 70_000);
    const other = await t.makeSchool({ settings: { timeZone: 'America/Bogota' } });
    await cash(await t.makePerson(other, { role: 'student' }), day, 9_000_000);
  });

  it('item 2: payments today count treasury credits and approved online payments once each; pending and declined ones are no money', async () => {
    expect(await payToday(admin)).toEqual({ kind: 'payments', ...today, node: null, currency: 'COP', count: 0, amount: 0 });

    await cash(studentB, today.from, 80_000);
    expect(await payToday(admin)).toMatchObject({ count: 1, amount: 80_000 });

    const started = await startPayment(t, parentA, await makeDebit(t, school, studentA), `dash-${Date.now()}`);
    expect(started.statusCode, started.body).toBe(201);
    const { path } = checkoutOf(started.json().checkoutUrl);
    expect(await payToday(admin)).toMatchObject({ count: 1, amount: 80_000 });

    const declined = await startPayment(t, parentA, await makeDebit(t, school, studentA), `dash-declined-${Date.now()}`);
    expect((await submitCheckout(t, checkoutOf(declined.json().checkoutUrl).path, 'declined')).statusCode).toBe(303);
    expect(await payToday(admin)).toMatchObject({ count: 1, amount: 80_000 });

    expect((await submitCheckout(t, path, 'approved')).statusCode).toBe(303);
    expect(await payToday(admin)).toMatchObject({ count: 2, amount: 80_000 + 450_000 });
    // The gateway's word repeated changes nothing.
    await submitCheckout(t, path, 'approved');
    expect(await payToday(admin)).toMatchObject({ count: 2, amount: 530_000 });

    // The group filter: 3A's online payment, 3B's cash.
    expect(await payToday(admin, { id: tree.classA, name: '3A' })).toMatchObject({ node: { id: tree.classA, name: '3A' }, count: 1, amount: 450_000 });
    expect(await payToday(admin, { id: tree.classB, name: '3B' })).toMatchObject({ count: 1, amount: 80_000 });
  });

  it('item 2: only billing staff see payments: a teacher is refused with 403 forbidden_block', async () => {
    await expect(payToday(teacher)).rejects.toMatchObject({ statusCode: 403, code: 'forbidden_block' });
    await expect(payToday(parentA)).rejects.toMatchObject({ statusCode: 403, code: 'forbidden_block' });
  });

  it('item 2: through the data route: payments of a period that holds none answer zeros', async () => {
    const res = await blockDataOf(t, admin, admin, 'payments', { period: 'today' }, '?from=2019-01-01&to=2019-01-31');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ kind: 'payments', from: '2019-01-01', to: '2019-01-31', node: null, currency: 'COP', count: 0, amount: 0 });
  });
});
