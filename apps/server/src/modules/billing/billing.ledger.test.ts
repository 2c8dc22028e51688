import { expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases, type Org } from '../../test/harness';
import { applyCredit, createDebit, debitBalanceToday, findDebitForBalance, nextSequence, recordCredit, toMoney, unapplyCredit } from './billing.ledger';

const RULE = { monthlyRatePercent: 1.5, graceDays: 0 };

describeOnDatabases('billing ledger', (t) => {
  let school: Org;
  let student: TestPerson;

  const debit = (expirationDate: string, concepts = [{ name: 'Pensión', observations: '', value: 450_000 }, { name: 'Alimentación', observations: '', value: 180_000 }]) =>
    t.db.transaction().execute((trx) =>
      createDebit(trx, { orgId: school.id, personId: student.id, period: expirationDate.slice(0, 7), description: 'Mensualidad', issueDate: '2026-01-01', expirationDate, currency: 'COP', concepts }),
    );
  const credit = (value: number, effectiveDate: string, extra: { idempotencyKey?: string } = {}) =>
    t.db.transaction().execute((trx) =>
      recordCredit(trx, { orgId: school.id, personId: student.id, method: 'cash', value, date: effectiveDate, effectiveDate, currency: 'COP', createdBy: 1, ...extra }),
    );
  const apply = (creditId: number, extra: { debitId?: number; amount?: number } = {}, today = '2026-06-30') =>
    t.db.transaction().execute((trx) => applyCredit(trx, { orgId: school.id, creditId, today, rule: RULE, ...extra }));
  const conceptsOf = (debitId: number) =>
    t.db.selectFrom('billing_debit_concepts').select(['kind', 'name', 'value', 'paid']).where('org_id', '=', school.id).where('debit_id', '=', debitId).orderBy('position').execute();
  const debitRow = async (id: number) => (await findDebitForBalance(t.db, school.id, id))!;

  it('numbers debits and credits one after the other', async () => {
    school = await t.makeSchool();
    student = await t.makePerson(school, { role: 'student' });
    const numbers = await t.db.transaction().execute(async (trx) => [await nextSequence(trx, school.id, 'debit'), await nextSequence(trx, school.id, 'debit')]);
    expect(numbers).toEqual([1, 2]);
    expect((await debit('2026-03-10')).sequence).toBe(3);
  });

  it('pays interest lines first, then charges in line order, and marks the debit paid', async () => {
    const d = await debit('2026-12-10');
    const c = await credit(500_000, '2026-06-01');
    expect(await apply(c.id, { debitId: d.id })).toEqual({ applied: 500_000 });
    expect((await conceptsOf(d.id)).map((x) => [x.name, toMoney(x.paid)])).toEqual([['Pensión', 450_000], ['Alimentación', 50_000]]);
    const c2 = await credit(200_000, '2026-06-02');
    expect(await apply(c2.id, { debitId: d.id })).toEqual({ applied: 130_000 });
    const row = await debitRow(d.id);
    expect(row.paid_on).toBe('2026-06-30');
    expect(toMoney(row.paid)).toBe(630_000);
    await expect(apply(c2.id, { debitId: d.id })).rejects.toMatchObject({ statusCode: 409, code: 'debit_paid' });
  });

  it('adds interest up to the effective date of a late partial payment, then stops it on what was paid', async () => {
    const d = await debit('2026-04-01');
    // 30 days late: 1.5 % of 630,000 = 9,450
    expect(debitBalanceToday(await debitRow(d.id), RULE, '2026-05-01')).toMatchObject({ accruingInterest: 9_450, balance: 639_450, status: 'overdue' });
    const c = await credit(309_450, '2026-05-01');
    expect(await apply(c.id, { debitId: d.id })).toEqual({ applied: 309_450 });
    const lines = await conceptsOf(d.id);
    expect(lines.map((x) => [x.kind, toMoney(x.value), toMoney(x.paid)])).toEqual([
      ['charge', 450_000, 300_000],
      ['charge', 180_000, 0],
      ['interest', 9_450, 9_450],
    ]);
    const row = await debitRow(d.id);
    expect(row.interest_from).toBe('2026-05-01');
    // Another 30 days on the 330,000 still owed: 4,950.
    expect(debitBalanceToday(row, RULE, '2026-05-31')).toMatchObject({ interest: 9_450 + 4_950, accruingInterest: 4_950, balance: 330_000 + 4_950 });
  });

  it('unapplies a credit: the debit owes again, the history stays', async () => {
    const d = await debit('2026-11-10');
    const c = await credit(630_000, '2026-06-01');
    await apply(c.id, { debitId: d.id });
    expect((await debitRow(d.id)).paid_on).not.toBeNull();
    const result = await t.db.transaction().execute((trx) => unapplyCredit(trx, { orgId: school.id, creditId: c.id, actorId: null }));
    expect(result).toEqual({ unapplied: 630_000 });
    const row = await debitRow(d.id);
    expect([toMoney(row.paid), row.paid_on]).toEqual([0, null]);
    expect((await conceptsOf(d.id)).every((x) => toMoney(x.paid) === 0)).toBe(true);
    const history = await t.db.selectFrom('billing_distributions').select(['value', 'reversed_at']).where('org_id', '=', school.id).where('credit_id', '=', c.id).execute();
    expect(history.length).toBe(2);
    expect(history.every((h) => h.reversed_at !== null)).toBe(true);
    const stored = await t.db.selectFrom('billing_credits').select('applied').where('org_id', '=', school.id).where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(toMoney(stored.applied)).toBe(0);
  });

  it('answers the same credit for a repeated idempotency key', async () => {
    const first = await credit(1_000, '2026-06-01', { idempotencyKey: 'k-1' });
    const again = await credit(1_000, '2026-06-01', { idempotencyKey: 'k-1' });
    expect(again).toEqual({ ...first, created: false });
    expect((await credit(1_000, '2026-06-01')).sequence).toBe(first.sequence + 1);
  });
});
