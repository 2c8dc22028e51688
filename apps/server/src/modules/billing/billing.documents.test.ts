import { formatMinor } from '@patio/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Org } from '../../policy/policy';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { pdfText } from '../../test/pdf-text';
import { amountInWords, statementRange } from './billing.documents';
import { printable } from './billing.documents.pdf';
import { applyCredit, createDebit, recordCredit } from './billing.ledger';

describe('billing documents: words and days', () => {
  it('writes amounts in Spanish words with the currency, "de" after whole millions and cents after "con"', () => {
    expect(amountInWords(450_000, 'COP')).toBe('cuatrocientos cincuenta mil pesos');
    expect(amountInWords(2_000_000, 'COP')).toBe('dos millones de pesos');
    expect(amountInWords(1_234_567, 'COP')).toBe('un millón doscientos treinta y cuatro mil quinientos sesenta y siete pesos');
    expect(amountInWords(123_456, 'EUR')).toBe('mil doscientos treinta y cuatro euros con cincuenta y seis');
  });

  it('covers the last twelve months by default and refuses a range that ends before it starts', () => {
    expect(statementRange({}, '2026-03-15')).toEqual({ from: '2025-03-16', to: '2026-03-15' });
    expect(statementRange({ to: '2028-02-29' }, '2026-03-15')).toEqual({ from: '2027-03-01', to: '2028-02-29' });
    expect(() => statementRange({ from: '2026-04-01', to: '2026-03-01' }, '2026-03-15')).toThrow(/from/);
  });

  it('keeps the letters the standard fonts carry and folds the others', () => {
    expect(printable('Ñandú Müller Çà €')).toBe('Ñandú Müller Çà €');
    expect(printable('Nguyễn Łódź 你\u0000')).toBe('Nguyen Lódz ?');
  });
});

describeOnDatabases('billing documents (PDF)', (t) => {
  let school: Org;
  let admin: TestPerson;
  let alba: TestPerson;
  let bruno: TestPerson;
  let pablo: TestPerson;
  let rosa: TestPerson;
  let teacher: TestPerson;
  let creditId: number;

  const get = async (url: string, as: TestPerson) => t.request({ method: 'GET', url: `/api/${as.org.code}/${url}`, token: await t.signIn(as) });
  const cop = (minor: number) => formatMinor(minor, 'COP', 'es-CO');

  beforeAll(async () => {
    school = await t.makeSchool({ title: 'Colegio Los Andes' });
    const tree = await t.makeTree(school);
    admin = await t.makePerson(school, { role: 'admin' });
    alba = await t.makePerson(school, { role: 'student', node: tree.classA, firstName: 'Alba', lastName: 'Pérez' });
    bruno = await t.makePerson(school, { role: 'student', node: tree.classB, firstName: 'Bruno', lastName: 'Pérez', gender: 'male' });
    pablo = await t.makePerson(school, { firstName: 'Pablo', lastName: 'Pérez', gender: 'male', relativeOf: alba });
    await t.relate(pablo, bruno);
    const other = await t.makePerson(school, { role: 'student', node: tree.classA, firstName: 'Carla' });
    rosa = await t.makePerson(school, { firstName: 'Rosa', relativeOf: other });
    teacher = await t.makePerson(school, { role: 'teacher', node: tree.classA });
    creditId = await t.db.transaction().execute(async (trx) => {
      const base = { orgId: school.id, currency: 'COP', graceDays: 0 };
      const march = await createDebit(trx, { ...base, personId: alba.id, period: '2026-03', description: 'Pensión marzo', issueDate: '2026-03-01', expirationDate: '2026-03-10', concepts: [{ name: 'Pensión', observations: '', value: 1_000_000 }, { name: 'Transporte', observations: '', value: 234_567 }] });
      await createDebit(trx, { ...base, personId: bruno.id, period: '2026-04', description: 'Pensión abril', issueDate: '2026-04-01', expirationDate: '2026-04-10', concepts: [{ name: 'Pensión', observations: '', value: 450_000 }] });
      await createDebit(trx, { ...base, personId: alba.id, period: '2025-01', description: 'Matrícula', issueDate: '2025-01-05', expirationDate: '2025-01-20', concepts: [{ name: 'Matrícula', observations: '', value: 300_000 }] });
      const credit = await recordCredit(trx, { orgId: school.id, personId: alba.id, method: 'bank_transfer', value: 1_234_567, date: '2026-03-05', effectiveDate: '2026-03-05', currency: 'COP', reference: 'TRF-778', createdBy: admin.id });
      await applyCredit(trx, { orgId: school.id, creditId: credit.id, debitId: march.id, actorId: admin.id, today: '2026-03-05' });
      return credit.id;
    });
  });

  it('prints a receipt with the school, its number, the amount in figures and in Spanish words, and what it paid', async () => {
    const res = await get(`billing/credits/${creditId}/receipt.pdf`, pablo);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="recibo-\d+\.pdf"/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    const sequence = (await t.db.selectFrom('billing_credits').select('sequence').where('org_id', '=', school.id).where('id', '=', creditId).executeTakeFirstOrThrow()).sequence;
    for (const expected of [
      'Colegio Los Andes',
      'Recibo de pago',
      `Recibo N.º ${sequence}`,
      'Alba Pérez',
      '5 de marzo de 2026',
      'Transferencia bancaria',
      'TRF-778',
      cop(1_234_567),
      'un millón doscientos treinta y cuatro mil quinientos sesenta y siete pesos',
      'Pensión',
      cop(1_000_000),
      'Transporte',
      cop(234_567),
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints the receipt in the reader’s language, the amount in words still Spanish', async () => {
    await t.db.updateTable('people').set({ language: 'en' }).where('org_id', '=', school.id).where('id', '=', admin.id).execute();
    const res = await get(`billing/credits/${creditId}/receipt.pdf`, admin);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Payment receipt');
    expect(text).toContain('Bank transfer');
    expect(text).toContain('In words (Spanish)');
    expect(text).toContain('un millón doscientos treinta y cuatro mil quinientos sesenta y siete pesos');
    expect(res.headers['content-disposition']).toMatch(/filename="receipt-\d+\.pdf"/);
  });

  it('prints a family statement with the balance before, each movement with the running balance, and the balance today', async () => {
    const res = await get(`people/${pablo.id}/billing/statement.pdf?from=2026-01-01&to=2026-04-30`, pablo);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-disposition']).toContain('estado-de-cuenta-2026-01-01-2026-04-30.pdf');
    const lines = pdfText(res.rawPayload).replace(/\n/g, ' ');
    expect(lines).toContain('Estado de cuenta');
    expect(lines).toContain('Alba Pérez, Bruno Pérez');
    expect(lines).toContain('Saldo anterior');
    // The January 2025 enrolment is before the range: it is the opening balance.
    const order = ['Saldo anterior', cop(300_000), 'Pensión marzo', cop(1_534_567), 'Pago N.º', cop(300_000), 'Pensión abril', cop(750_000), 'Saldo al 30 de abril de 2026', cop(750_000)];
    let at = 0;
    for (const piece of order) {
      const found = lines.indexOf(piece, at);
      expect(found, `${piece} after position ${at}`).toBeGreaterThanOrEqual(0);
      at = found + piece.length;
    }
    expect(lines).toContain('Saldo a hoy');
  });

  it('lets only the family and billing staff print them (the student too where the school allows it)', async () => {
    expect((await get(`billing/credits/${creditId}/receipt.pdf`, pablo)).statusCode).toBe(200);
    // Issue 29 item 4: students see their own billing only where the school's setting says so (default no).
    expect((await get(`billing/credits/${creditId}/receipt.pdf`, alba)).statusCode).toBe(403);
    expect((await get(`people/${alba.id}/billing/statement.pdf`, alba)).statusCode).toBe(403);
    const on = await t.request({ method: 'PUT', url: `/api/${school.code}/billing/settings`, token: await t.signIn(admin), body: { studentsSeeOwnBilling: true } });
    expect(on.statusCode).toBe(200);
    expect((await get(`billing/credits/${creditId}/receipt.pdf`, alba)).statusCode).toBe(200);
    expect((await get(`people/${alba.id}/billing/statement.pdf`, alba)).statusCode).toBe(200);
    await t.request({ method: 'PUT', url: `/api/${school.code}/billing/settings`, token: await t.signIn(admin), body: { studentsSeeOwnBilling: false } });
    expect((await get(`billing/credits/${creditId}/receipt.pdf`, rosa)).statusCode).toBe(403);
    expect((await get(`billing/credits/${creditId}/receipt.pdf`, teacher)).statusCode).toBe(403);
    expect((await get(`billing/credits/999999/receipt.pdf`, admin)).statusCode).toBe(404);
    expect((await get(`people/${alba.id}/billing/statement.pdf`, rosa)).statusCode).toBe(403);
    expect((await get(`people/${alba.id}/billing/statement.pdf`, admin)).statusCode).toBe(200);
    const bad = await get(`people/${alba.id}/billing/statement.pdf?from=2026-05-01&to=2026-01-01`, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('invalid_range');
  });
});
