import { addDays } from '@patio/core/calendar/times';
import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases, type Org } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { csvRows, xlsxRows } from '../../platform/spreadsheet/spreadsheet.fixtures';
import { creditOf, debitOf } from './billing.fixtures';
import { todayOf } from './billing.ledger';

describeOnDatabases('billing API', (t) => {
  let school: Org;
  let norte: Org;
  let admin: TestPerson;
  let treasurer: TestPerson;
  let teacher: TestPerson;
  let parent: TestPerson;
  let ana: TestPerson;
  let beto: TestPerson;
  let otherParent: TestPerson;
  let otherChild: TestPerson;
  let norteAdmin: TestPerson;
  let today: string;

  const call = async (who: TestPerson | null, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, headers?: Record<string, string>) =>
    t.request({ method, url: `/api/${(who?.org ?? school).code}/${path}`, token: who ? await t.signIn(who) : undefined, body, headers });

  /** A fresh student of the school, with parent `of` when given. */
  const freshStudent = async (firstName: string, of?: TestPerson) => {
    const student = await t.makePerson(school, { role: 'student', firstName });
    if (of) await t.relate(of, student, 'father');
    return student;
  };

  beforeAll(async () => {
    school = await t.makeSchool({ settings: { public: { currencyPostfix: 'COP' } } });
    norte = await t.makeSchool({ code: `norte-${Date.now().toString(36)}` });
    admin = await t.makePerson(school, { role: 'admin', firstName: 'Adela' });
    const tree = await t.makeTree(school);
    treasurer = await t.makePerson(school, { role: 'employee', node: tree.root, firstName: 'Tesorera' });
    teacher = await t.makePerson(school, { role: 'teacher', node: tree.classA, firstName: 'Teresa' });
    ana = await t.makePerson(school, { role: 'student', node: tree.classA, firstName: 'Ana' });
    beto = await t.makePerson(school, { role: 'student', node: tree.classB, firstName: 'Beto', gender: 'male' });
    parent = await t.makePerson(school, { relativeOf: ana, firstName: 'Pablo', gender: 'male' });
    await t.relate(parent, beto, 'father');
    otherChild = await t.makePerson(school, { role: 'student', node: tree.classA, firstName: 'Otto', gender: 'male' });
    otherParent = await t.makePerson(school, { relativeOf: otherChild, firstName: 'Olga' });
    norteAdmin = await t.makePerson(norte, { role: 'admin', username: admin.username, firstName: 'Norberto', gender: 'male' });
    today = todayOf(school);
    const res = await call(admin, 'PUT', 'billing/settings', { interest: { monthlyRatePercent: 1.5, graceDays: 0 } });
    expect(res.json()).toEqual({ currency: 'COP', interest: { monthlyRatePercent: 1.5, graceDays: 0 }, provider: 'sandbox', studentsSeeOwnBilling: false });
  });

  it("shows a family's debits across two children, each naming its student", async () => {
    const a = await debitOf(t, ana, addDays(today, 20));
    const b = await debitOf(t, beto, addDays(today, 10));
    const res = await call(parent, 'GET', `people/${parent.id}/billing/debits/pending`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json().map((d: { id: number; person: { name: string }; status: string }) => [d.id, d.person.name.split(' ')[0], d.status])).toEqual([
      [b.id, 'Beto', 'pending'],
      [a.id, 'Ana', 'pending'],
    ]);
    // A child's own id covers that child only (as the parent asks it, or staff).
    const own = await call(parent, 'GET', `people/${ana.id}/billing/debits/pending`);
    expect(own.json().map((d: { id: number }) => d.id)).toEqual([a.id]);
    const balance = await call(parent, 'GET', `people/${parent.id}/billing/balance`);
    expect(balance.json()).toMatchObject({ balance: 1_260_000, pending: 1_260_000, overdue: 0, unapplied: 0, pendingCount: 2, overdueCount: 0, currency: 'COP' });
  });

  it('applies a late partial payment to interest first, then to the charges in line order', async () => {
    const student = await freshStudent('Lucía');
    const debit = await debitOf(t, student, addDays(today, -30));
    const before = await call(admin, 'GET', `billing/debits/${debit.id}`);
    // 30 days at 1.5 % a month on 630,000.
    expect(before.json()).toMatchObject({ status: 'overdue', accruingInterest: 9_450, interest: 9_450, balance: 639_450 });
    const res = await call(treasurer, 'POST', `people/${student.id}/billing/credits`, { method: 'cash', value: 100_000, date: today });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ value: 100_000, applied: 100_000, unapplied: 0, method: 'cash' });
    const after = (await call(admin, 'GET', `billing/debits/${debit.id}`)).json();
    expect(after.concepts.map((c: { kind: string; name: string; value: number; paid: number }) => [c.kind, c.value, c.paid])).toEqual([
      ['charge', 450_000, 90_550],
      ['charge', 180_000, 0],
      ['interest', 9_450, 9_450],
    ]);
    expect(after).toMatchObject({ accruingInterest: 0, interest: 9_450, paid: 100_000, balance: 539_450, status: 'overdue' });
    expect(after.distributions.map((d: { kind: string; value: number }) => [d.kind, d.value])).toEqual([
      ['interest', 9_450],
      ['charge', 90_550],
    ]);
    const balance = (await call(admin, 'GET', `people/${student.id}/billing/balance`)).json();
    expect(balance).toMatchObject({ pending: 539_450, overdue: 539_450, overdueCount: 1 });
  });

  it('applies oldest first, then unapplies keeping the history and reopening the debits', async () => {
    const student = await freshStudent('Mateo');
    const later = await debitOf(t, student, addDays(today, 40));
    const older = await debitOf(t, student, addDays(today, 10));
    const credit = await creditOf(t, student, 700_000, today);
    const applied = await call(admin, 'POST', `billing/credits/${credit.id}/apply`, {});
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ applied: 700_000, unapplied: 0, canManage: true });
    expect((await call(admin, 'GET', `billing/debits/${older.id}`)).json()).toMatchObject({ status: 'paid', balance: 0, paidOn: today });
    expect((await call(admin, 'GET', `billing/debits/${later.id}`)).json()).toMatchObject({ paid: 70_000, balance: 560_000 });
    expect((await call(admin, 'POST', `billing/credits/${credit.id}/apply`, {})).json()).toMatchObject({ error: 'nothing_to_apply' });
    const paidList = await call(treasurer, 'GET', `people/${student.id}/billing/debits/paid`);
    expect(paidList.json().map((d: { id: number }) => d.id)).toEqual([older.id]);

    const undone = await call(admin, 'POST', `billing/credits/${credit.id}/unapply`, { debitId: older.id });
    expect(undone.json()).toMatchObject({ applied: 70_000, unapplied: 630_000 });
    expect((await call(admin, 'GET', `billing/debits/${older.id}`)).json()).toMatchObject({ status: 'pending', balance: 630_000, paidOn: null, distributions: [] });
    const history = await t.db.selectFrom('billing_distributions').select(['reversed_at', 'reversed_by']).where('org_id', '=', school.id).where('debit_id', '=', older.id).execute();
    expect(history.length).toBe(2);
    expect(history.every((h) => h.reversed_at !== null && h.reversed_by === admin.id)).toBe(true);
    const toApply = await call(parent, 'GET', `people/${student.id}/billing/credits?balance=true`);
    expect(toApply.statusCode).toBe(403); // not this family's
    const staffView = await call(treasurer, 'GET', `people/${student.id}/billing/credits?balance=true`);
    expect(staffView.json().map((c: { id: number; unapplied: number }) => [c.id, c.unapplied])).toEqual([[credit.id, 630_000]]);
  });

  it('refuses to apply to a paid debit, to another student or in another currency', async () => {
    const student = await freshStudent('Nora');
    const debit = await debitOf(t, student, addDays(today, 5));
    const credit = await creditOf(t, student, 700_000, today);
    await call(admin, 'POST', `billing/credits/${credit.id}/apply`, { debitId: debit.id });
    const again = await call(admin, 'POST', `billing/credits/${credit.id}/apply`, { debitId: debit.id });
    expect([again.statusCode, again.json().error]).toEqual([409, 'debit_paid']);
    const other = await debitOf(t, otherChild, addDays(today, 5));
    const wrong = await call(admin, 'POST', `billing/credits/${credit.id}/apply`, { debitId: other.id });
    expect([wrong.statusCode, wrong.json().error]).toEqual([400, 'wrong_student']);
    const euros = await t.db.transaction().execute(async (trx) => {
      const { createDebit } = await import('./billing.ledger');
      return createDebit(trx, { orgId: school.id, personId: student.id, period: 'x', description: '', issueDate: today, expirationDate: today, currency: 'EUR', concepts: [{ name: 'Viaje', observations: '', value: 100 }] });
    });
    const mismatch = await call(admin, 'POST', `billing/credits/${credit.id}/apply`, { debitId: euros.id });
    expect([mismatch.statusCode, mismatch.json().error]).toEqual([400, 'currency_mismatch']);
    // A manual credit that cannot be applied as asked records nothing.
    const refused = await call(admin, 'POST', `people/${student.id}/billing/credits`, { method: 'cash', value: 10, date: today, debitId: debit.id });
    expect(refused.statusCode).toBe(409);
    expect((await call(admin, 'GET', `people/${student.id}/billing/credits`)).headers['x-total-count']).toBe('1');
  });

  it('records one credit for 20 identical requests with one Idempotency-Key', async () => {
    const student = await freshStudent('Iris');
    await debitOf(t, student, addDays(today, 30));
    const token = await t.signIn(treasurer);
    const body = { method: 'bank_transfer', value: 50_000, date: today, reference: 'TRX-1' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.request({ method: 'POST', url: `/api/${school.code}/people/${student.id}/billing/credits`, token, body, headers: { 'idempotency-key': 'transfer-2026-0001' } }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(19).fill(200), 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const stored = await t.db.selectFrom('billing_credits').select(['applied']).where('org_id', '=', school.id).where('person_id', '=', student.id).execute();
    expect(stored.length).toBe(1);
    expect(Number(stored[0]!.applied)).toBe(50_000);
    // Another staff member's same key is another submit.
    const other = await call(admin, 'POST', `people/${student.id}/billing/credits`, body, { 'idempotency-key': 'transfer-2026-0001' });
    expect(other.statusCode).toBe(201);
  });

  it('never applies more than a credit holds when two applies run at once', async () => {
    const student = await freshStudent('Paz');
    const first = await debitOf(t, student, addDays(today, 10));
    const second = await debitOf(t, student, addDays(today, 20));
    const credit = await creditOf(t, student, 500_000, today);
    const token = await t.signIn(admin);
    const apply = (debitId: number) => t.request({ method: 'POST', url: `/api/${school.code}/billing/credits/${credit.id}/apply`, token, body: { debitId } });
    const answers = await Promise.all([apply(first.id), apply(second.id), apply(first.id), apply(second.id)]);
    expect(answers.filter((a) => a.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.statusCode === 200 || a.json().error === 'nothing_to_apply')).toBe(true);
    const stored = (await call(admin, 'GET', `billing/credits/${credit.id}`)).json();
    expect(stored.applied).toBe(500_000);
    expect(stored.distributions.reduce((s: number, d: { value: number }) => s + d.value, 0)).toBe(500_000);
    const paid = await t.db.selectFrom('billing_debits').select('paid').where('org_id', '=', school.id).where('person_id', '=', student.id).execute();
    expect(paid.reduce((s, d) => s + Number(d.paid), 0)).toBe(500_000);
  });

  it('answers each family its own billing only', async () => {
    const debit = await debitOf(t, otherChild, addDays(today, 15));
    const credit = await creditOf(t, otherChild, 1_000, today);
    for (const path of [`people/${otherChild.id}/billing/balance`, `people/${otherChild.id}/billing/debits/pending`, `billing/debits/${debit.id}`, `billing/credits/${credit.id}`]) {
      expect((await call(parent, 'GET', path)).statusCode, `parent of another family: ${path}`).toBe(403);
      expect((await call(teacher, 'GET', path)).statusCode, `teacher: ${path}`).toBe(403);
      expect((await call(ana, 'GET', path)).statusCode, `another student: ${path}`).toBe(403);
      expect((await call(otherParent, 'GET', path)).statusCode, `the family: ${path}`).toBe(200);
      // Issue 29 item 4: the student themself only where the school allows it (off by default).
      expect((await call(otherChild, 'GET', path)).statusCode, `the student: ${path}`).toBe(403);
      expect((await call(norteAdmin, 'GET', path)).statusCode, `norte's admin at home: ${path}`).toBe(404);
      const cross = await t.request({ method: 'GET', url: `/api/${school.code}/${path}`, token: await t.signIn(norteAdmin) });
      expect(cross.statusCode, `norte's token on this school: ${path}`).toBe(403);
    }
    const detail = (await call(otherParent, 'GET', `billing/debits/${debit.id}`)).json();
    expect(detail).toMatchObject({ canPay: true, lastPayment: null, interestRule: { monthlyRatePercent: 1.5, graceDays: 0 } });
    // Treasury's tools are billing staff's: families and teachers 403.
    for (const who of [otherParent, teacher]) {
      expect((await call(who, 'POST', `people/${otherChild.id}/billing/credits`, { method: 'cash', value: 1, date: today })).statusCode).toBe(403);
      expect((await call(who, 'POST', `billing/credits/${credit.id}/apply`, {})).statusCode).toBe(403);
      expect((await call(who, 'GET', 'billing/debtors')).statusCode).toBe(403);
      expect((await call(who, 'GET', 'billing/settings')).statusCode).toBe(403);
    }
    expect((await call(norteAdmin, 'POST', `billing/credits/${credit.id}/apply`, {})).statusCode).toBe(404);
    expect((await call(norteAdmin, 'GET', 'billing/debtors')).json()).toEqual([]);
  });

  it('refuses a registrant waiting for approval, even one related to a student', async () => {
    const registrant = await makeRegistrant(t, school);
    await t.relate(registrant, otherChild, 'mother');
    const res = await call(registrant, 'GET', `people/${otherChild.id}/billing/balance`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('registration_pending');
  });

  it('lists debtors oldest debt first with their families, within a node', async () => {
    const late = await freshStudent('Rocío', otherParent);
    await debitOf(t, late, addDays(today, -60));
    const res = await call(treasurer, 'GET', 'billing/debtors?minDaysOverdue=45');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as { person: { id: number }; relatives: { id: number }[]; overdueCount: number; daysOverdue: number; overdue: number }[];
    const row = rows.find((r) => r.person.id === late.id)!;
    expect(row).toMatchObject({ overdueCount: 1, daysOverdue: 60, overdue: 630_000 + 18_900 });
    expect(row.relatives.map((r) => r.id)).toEqual([otherParent.id]);
    expect(rows.every((r) => r.daysOverdue >= 45)).toBe(true);
    // Rocío is in no class: a node's list leaves her out.
    const tree = await t.db.selectFrom('nodes').select('id').where('org_id', '=', school.id).where('parent_id', 'is', null).executeTakeFirstOrThrow();
    const inTree = (await call(treasurer, 'GET', `billing/debtors?node=${tree.id}`)).json() as { person: { id: number } }[];
    expect(inTree.some((r) => r.person.id === late.id)).toBe(false);
    expect((await call(treasurer, 'GET', 'billing/debtors?node=999999')).statusCode).toBe(404);
  });

  it('item 3: exports the debtors as CSV in the language\'s delimiter and as XLSX with the same rows, to billing staff only', async () => {
    const late = await freshStudent('Salomé', otherParent);
    await debitOf(t, late, addDays(today, -50));
    const list = (await call(treasurer, 'GET', 'billing/debtors?minDaysOverdue=45&limit=100')).json() as { person: { name: string } }[];
    for (const [lang, delimiter, decimal] of [['es', ';', ','], ['pt', ';', ','], ['en', ',', '.']] as const) {
      const csv = await call(treasurer, 'GET', `billing/debtors.csv?minDaysOverdue=45&lang=${lang}`);
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      const xlsx = await call(treasurer, 'GET', `billing/debtors.csv?minDaysOverdue=45&lang=${lang}&format=xlsx`);
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const rows = await xlsxRows(xlsx.rawPayload, decimal);
      expect(rows, lang).toEqual(csvRows(csv.body, delimiter));
      // One line per debtor of the list, in its order.
      expect(rows.slice(1).map((r) => r[0])).toEqual(list.map((d) => d.person.name));
    }
    const [header, ...lines] = csvRows((await call(treasurer, 'GET', 'billing/debtors.csv?minDaysOverdue=45')).body, ';');
    expect(header).toEqual(['Estudiante', 'Familiares', 'Vencido', 'Pendiente', 'Cobros vencidos', 'Vencimiento más antiguo', 'Días de mora', 'Moneda']);
    const line = lines.find((l) => l[0] === list.find((d) => d.person.name.includes('Salomé'))!.person.name)!;
    expect(line.slice(4)).toEqual(['1', addDays(today, -50), '50', 'COP']);
    for (const who of [otherParent, teacher]) expect((await call(who, 'GET', 'billing/debtors.csv?format=xlsx')).statusCode).toBe(403);
    expect((await call(treasurer, 'GET', 'billing/debtors.csv?node=999999')).statusCode).toBe(404);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const student = await freshStudent('Vera');
    const path = `people/${student.id}/billing/credits`;
    const bad: unknown[] = [
      { method: 'cash', value: -5, date: today },
      { method: 'cash', value: 1.5, date: today },
      { method: 'online', value: 10, date: today },
      { method: 'cash', value: 10, date: '2026-02-30' },
      { method: 'cash', value: 10, date: today, note: 'x'.repeat(100_000) },
      { method: 'cash', value: 10, date: today, reference: 'a\u0000b' },
      { method: 'cash', value: 10, date: today, extra: true },
      { method: 'cash', value: 1e15, date: today },
    ];
    for (const body of bad) {
      const res = await call(admin, 'POST', path, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await call(admin, 'POST', path, { method: 'cash', value: 10, date: today }, { 'idempotency-key': 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await call(admin, 'PUT', 'billing/settings', { interest: { monthlyRatePercent: 50, graceDays: 0 } })).statusCode).toBe(400);
    expect((await call(admin, 'GET', `people/${student.id}/billing/debits/pending?limit=0`)).statusCode).toBe(400);
    expect((await call(admin, 'GET', 'billing/debits/1e3')).statusCode).toBe(400);
    expect((await call(admin, 'GET', 'billing/debits/999999')).statusCode).toBe(404);
    const stored = await t.db.selectFrom('billing_credits').select('id').where('org_id', '=', school.id).where('person_id', '=', student.id).execute();
    expect(stored).toEqual([]);
  });
});
