import { beforeAll, expect, it } from 'vitest';
import type { Org } from '../../policy/policy';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases, type TestApp } from '../../test/harness';
import { multipartFile } from '../import/multipart-file';
import { writeXlsx } from '../../platform/spreadsheet/index';
import { windows1252, xlsxWithHiddenColumns } from '../../platform/spreadsheet/spreadsheet.fixtures';
import { applyCredit, recordCredit } from './billing.ledger';

interface PreviewRow {
  row: number;
  rows: number[];
  student: { id: number; name: string } | null;
  reference: string;
  period: string;
  concepts: { name: string; observations: string; value: number }[];
  total: number;
  action: string;
  errors: { row: number; column: string; code: string }[];
}

/** Uploads, reads and commits debits files of one school as one member of its staff. */
function billingImportKit(t: TestApp, school: Org, token: string) {
  const base = `/api/${school.code}/billing/imports`;
  return {
    upload(fileName: string, content: Buffer | string) {
      const { payload, headers } = multipartFile(fileName, content);
      return t.app.inject({ method: 'POST', url: base, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
    },
    get: (id: number) => t.request({ method: 'GET', url: `${base}/${id}`, token }),
    commit: (id: number) => t.request({ method: 'POST', url: `${base}/${id}/commit`, token }),
    template: (file: string) => t.request({ method: 'GET', url: `${base}/${file}`, token }),
  };
}

const header = 'Documento del estudiante;Periodo;Descripción;Fecha de emisión;Fecha de vencimiento;Concepto;Observaciones;Valor;Referencia';

describeOnDatabases('billing: importing debits', (t) => {
  let school: Org;
  let admin: TestPerson;
  let alba: TestPerson;
  let bruno: TestPerson;
  let documents: Record<'alba' | 'bruno', string>;
  let kit: ReturnType<typeof billingImportKit>;

  const documentOf = async (person: TestPerson) =>
    (await t.db.selectFrom('people').select('document').where('org_id', '=', person.org.id).where('id', '=', person.id).executeTakeFirstOrThrow()).document!;
  const debitsOf = (person: TestPerson) =>
    t.db.selectFrom('billing_debits').selectAll().where('org_id', '=', school.id).where('person_id', '=', person.id).orderBy('sequence').execute();
  const linesOf = (debitId: number) =>
    t.db.selectFrom('billing_debit_concepts').select(['name', 'observations', 'value']).where('org_id', '=', school.id).where('debit_id', '=', debitId).orderBy('position').execute();

  beforeAll(async () => {
    school = await t.makeSchool();
    const tree = await t.makeTree(school);
    admin = await t.makePerson(school, { role: 'admin' });
    alba = await t.makePerson(school, { role: 'student', node: tree.classA, firstName: 'Alba', lastName: 'Pérez' });
    bruno = await t.makePerson(school, { role: 'student', node: tree.classB, firstName: 'Bruno', lastName: 'Ruiz' });
    documents = { alba: await documentOf(alba), bruno: await documentOf(bruno) };
    kit = billingImportKit(t, school, await t.signIn(admin));
  });

  it('previews one debit per reference with its concepts, commits it once, and a second upload of the same file changes nothing', async () => {
    const csv = [
      'Cobros de marzo',
      '',
      header,
      `${documents.alba};2026-03;Pensión marzo;2026-03-01;2026-03-10;Pensión;;450.000;`,
      `${documents.alba};2026-03;;01/03/2026;;Transporte;Ruta 1;$ 120.000;`,
      `${documents.bruno};2026-03;Pensión marzo;2026-03-01;2026-03-10;Pensión;Beca 10 %;405000;`,
    ].join('\n');
    const draft = await kit.upload('marzo.csv', csv);
    expect(draft.statusCode, draft.body).toBe(201);
    const body = draft.json() as { id: number; rows: PreviewRow[]; counts: Record<string, number>; currency: string; fileName: string };
    expect(body.fileName).toBe('marzo.csv');
    expect(body.currency).toBe('COP');
    expect(body.counts).toEqual({ create: 2, update: 0, unchanged: 0, error: 0 });
    expect(body.rows.map((r) => [r.row, r.rows, r.student?.name, r.reference, r.total, r.action])).toEqual([
      [4, [4, 5], 'Alba Pérez', `${documents.alba.toUpperCase()}:2026-03`, 570_000, 'create'],
      [6, [6], 'Bruno Ruiz', `${documents.bruno.toUpperCase()}:2026-03`, 405_000, 'create'],
    ]);
    expect(body.rows[0].concepts).toEqual([
      { name: 'Pensión', observations: '', value: 450_000 },
      { name: 'Transporte', observations: 'Ruta 1', value: 120_000 },
    ]);
    expect(await debitsOf(alba)).toEqual([]);

    const commit = await kit.commit(body.id);
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json()).toEqual({ created: 2, updated: 0, unchanged: 0, skipped: 0 });
    const [debit] = await debitsOf(alba);
    expect(debit).toMatchObject({ period: '2026-03', description: 'Pensión marzo', issue_date: '2026-03-01', expiration_date: '2026-03-10', currency: 'COP', import_id: body.id });
    expect(Number(debit.value)).toBe(570_000);
    expect((await linesOf(debit.id)).map((l) => [l.name, Number(l.value)])).toEqual([['Pensión', 450_000], ['Transporte', 120_000]]);

    const again = await kit.commit(body.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('already_committed');
    const read = await kit.get(body.id);
    expect(read.json()).toMatchObject({ committedAt: expect.any(String), result: { created: 2, updated: 0, unchanged: 0, skipped: 0 } });

    const second = await kit.upload('marzo.csv', csv);
    expect(second.json().counts).toEqual({ create: 0, update: 0, unchanged: 2, error: 0 });
    expect((await kit.commit(second.json().id)).json()).toEqual({ created: 0, updated: 0, unchanged: 2, skipped: 0 });
    expect(await debitsOf(alba)).toHaveLength(1);
  });

  it('gives each bad row its error, skips those debits at commit and writes the others', async () => {
    const row = (doc: string, value: string, extra: Partial<Record<'period' | 'issue' | 'expiration' | 'ref', string>> = {}) =>
      `${doc};${extra.period ?? '2026-04'};Abril;${extra.issue ?? '2026-04-01'};${extra.expiration ?? '2026-04-10'};Pensión;;${value};${extra.ref ?? ''}`;
    const csv = [
      header,
      row('NOBODY-1', '450000', { ref: 'R1' }),
      row(documents.alba, '-450000', { ref: 'R2' }),
      row(documents.alba, '450000,5', { ref: 'R3' }),
      row(documents.alba, 'cuatrocientos', { ref: 'R4' }),
      row(documents.alba, '1000000000000', { ref: 'R5' }),
      row(documents.alba, '450000', { ref: 'R6', issue: '31/02/2026' }),
      row(documents.alba, '450000', { ref: 'R7', issue: '2026-04-10', expiration: '2026-04-01' }),
      row(documents.alba, '450000', { ref: 'R8', period: 'Abr\u0000il' }),
      row(documents.bruno, '450000', { ref: 'R9' }),
    ].join('\n');
    const draft = await kit.upload('abril.csv', csv);
    expect(draft.statusCode, draft.body).toBe(201);
    const rows = draft.json().rows as PreviewRow[];
    expect(rows.map((r) => `${r.reference}:${r.action}:${r.errors.map((e) => `${e.row}/${e.column}/${e.code}`).join(',')}`)).toEqual([
      'R1:error:2/studentDocument/unknown_student',
      'R2:error:3/value/invalid_amount',
      'R3:error:4/value/invalid_amount',
      'R4:error:5/value/invalid_amount',
      'R5:error:6/value/invalid_amount',
      'R6:error:7/issueDate/invalid_date',
      'R7:error:8/expirationDate/expiration_before_issue',
      'R8:error:9/period/invalid_characters',
      'R9:create:',
    ]);
    expect(draft.json().counts).toEqual({ create: 1, update: 0, unchanged: 0, error: 8 });
    const commit = await kit.commit(draft.json().id);
    expect(commit.json()).toEqual({ created: 1, updated: 0, unchanged: 0, skipped: 8 });
    const refs = await t.db.selectFrom('billing_debits').select('reference').where('org_id', '=', school.id).where('reference', 'like', 'R%').execute();
    expect(refs.map((r) => r.reference)).toEqual(['R9']);
  });

  it('reads an XLSX with English titles and refuses a 100 KB cell in its row only', async () => {
    const xlsx = await writeXlsx([
      {
        name: 'Debits',
        rows: [
          ['Student document', 'Period', 'Issue date', 'Expiration date', 'Concept', 'Notes', 'Amount', 'Reference'],
          [documents.alba, '2026-05', '2026-05-01', '2026-05-10', 'Tuition', 'x'.repeat(100 * 1024), '450000', 'X1'],
          [documents.bruno, '2026-05', '2026-05-01', '2026-05-10', 'Tuition', '', '450,000', 'X2'],
        ],
      },
    ]);
    const draft = await kit.upload('may.xlsx', xlsx);
    expect(draft.statusCode, draft.body).toBe(201);
    const rows = draft.json().rows as PreviewRow[];
    expect(rows.map((r) => [r.reference, r.action, r.errors.map((e) => `${e.column}/${e.code}`)])).toEqual([
      ['X1', 'error', ['observations/too_long']],
      ['X2', 'create', []],
    ]);
    expect(rows[1]).toMatchObject({ total: 450_000, concepts: [{ name: 'Tuition', observations: '', value: 450_000 }] });
  });

  it('updates a changed debit no payment touched, and never one with a payment applied', async () => {
    const file = (value: string, observations = '') =>
      [header, `${documents.alba};2026-06;Junio;2026-06-01;2026-06-10;Pensión;${observations};${value};U1`, `${documents.bruno};2026-06;Junio;2026-06-01;2026-06-10;Pensión;;${value};U2`].join('\n');
    const first = await kit.upload('junio.csv', file('450000'));
    await kit.commit(first.json().id);

    const changed = await kit.upload('junio.csv', file('460000', 'Ajuste'));
    expect((changed.json().rows as PreviewRow[]).map((r) => r.action)).toEqual(['update', 'update']);
    expect((await kit.commit(changed.json().id)).json()).toEqual({ created: 0, updated: 2, unchanged: 0, skipped: 0 });
    const debit = (await debitsOf(alba)).find((d) => d.reference === 'U1')!;
    expect(Number(debit.value)).toBe(460_000);
    expect((await linesOf(debit.id)).map((l) => [l.name, l.observations, Number(l.value)])).toEqual([['Pensión', 'Ajuste', 460_000]]);

    await t.db.transaction().execute(async (trx) => {
      const credit = await recordCredit(trx, { orgId: school.id, personId: alba.id, method: 'cash', value: 100_000, date: '2026-06-02', effectiveDate: '2026-06-02', currency: 'COP', createdBy: admin.id });
      await applyCredit(trx, { orgId: school.id, creditId: credit.id, debitId: debit.id, actorId: admin.id, today: '2026-06-02' });
    });
    const paid = await kit.upload('junio.csv', file('470000'));
    const rows = paid.json().rows as PreviewRow[];
    expect(rows.map((r) => [r.reference, r.action, r.errors.map((e) => e.code)])).toEqual([
      ['U1', 'error', ['debit_has_payments']],
      ['U2', 'update', []],
    ]);
    expect((await kit.commit(paid.json().id)).json()).toEqual({ created: 0, updated: 1, unchanged: 0, skipped: 1 });
    expect(Number((await debitsOf(alba)).find((d) => d.reference === 'U1')!.value)).toBe(460_000);
    // The same content as the paid debit is fine: nothing to change.
    const same = await kit.upload('junio.csv', file('460000', 'Ajuste'));
    expect((same.json().rows as PreviewRow[])[0].action).toBe('unchanged');
  });

  it('applies one of 20 parallel commits of one import; the others answer 409', async () => {
    const draft = await kit.upload('julio.csv', [header, `${documents.alba};2026-07;Julio;2026-07-01;2026-07-10;Pensión;;450000;P1`].join('\n'));
    const answers = await Promise.all(Array.from({ length: 20 }, () => kit.commit(draft.json().id)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().error)).toEqual(Array(19).fill('already_committed'));
    expect((await debitsOf(alba)).filter((d) => d.reference === 'P1')).toHaveLength(1);
  });

  it('refuses a file over the import limits, a file without titles, one missing columns, and callers who are not billing staff', async () => {
    const long = [header, ...Array.from({ length: 20_001 }, (_, i) => `${documents.alba};2026-08;;2026-08-01;2026-08-10;C${i};;1;`)].join('\n');
    const tooLong = await kit.upload('long.csv', long);
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json()).toEqual({ error: 'too_many_rows', message: 'A file may hold at most 20000 rows' });
    expect((await kit.upload('x.csv', 'a;b;c\n1;2;3\n')).json().error).toBe('invalid_header');
    const missing = await kit.upload('x.csv', 'Documento;Periodo;Concepto\n1;2;3\n');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'missing_columns', message: expect.stringContaining('Fecha de emisión') });
    const teacher = await t.makePerson(school, { role: 'teacher' });
    const { payload, headers } = multipartFile('x.csv', header);
    const refused = await t.app.inject({ method: 'POST', url: `/api/${school.code}/billing/imports`, payload, headers: { ...headers, authorization: `Bearer ${await t.signIn(teacher)}` } });
    expect(refused.statusCode).toBe(403);
    expect(await t.db.selectFrom('billing_imports').select('id').where('org_id', '=', school.id).where('file_name', 'in', ['long.csv', 'x.csv']).execute()).toEqual([]);
  }, 60_000);

  it('hands out a template whose titles the import recognises', async () => {
    const xlsx = await kit.template('template.xlsx?lang=en');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toContain('debits-template.xlsx');
    const csv = await kit.template('template.csv');
    expect(csv.statusCode).toBe(200);
    const titles = csv.body.replace(/^\uFEFF/, '').trim();
    expect(titles).toBe('Documento del estudiante;Código del estudiante;Periodo;Descripción;Fecha de emisión;Fecha de vencimiento;Concepto;Observaciones;Valor;Referencia');
    const filled = `${titles}\n${documents.bruno};;2026-09;;2026-09-01;2026-09-10;Pensión;;450000;T1\n`;
    const draft = await kit.upload('plantilla.csv', filled);
    expect(draft.json().rows.map((r: PreviewRow) => [r.reference, r.action])).toEqual([['T1', 'create']]);
  });

  it('item 3: the CSV template takes the delimiter of its language, comma for English', async () => {
    const english = (await kit.template('template.csv?lang=en')).body.replace(/^\uFEFF/, '').trim();
    expect(english.split(',')).toHaveLength(10);
    expect(english).not.toContain(';');
  });

  it('item 3: reads a debits CSV saved by Excel on Windows (Windows-1252) with its accents and curly quotes', async () => {
    const csv = `${header}\r\n${documents.alba};2026-10;Pensión “octubre”;2026-10-01;2026-10-10;Pensión;Año 2026 – cuota 10;450.000;W1\r\n`;
    const draft = await kit.upload('octubre.csv', windows1252(csv));
    expect(draft.statusCode, draft.body).toBe(201);
    const [row] = draft.json().rows as PreviewRow[];
    expect(row).toMatchObject({ reference: 'W1', action: 'create', concepts: [{ name: 'Pensión', observations: 'Año 2026 – cuota 10', value: 450_000 }] });
  });

  it('item 3: ignores the columns a debits XLSX hides, and says so when a needed one is hidden', async () => {
    const titles = ['Documento del estudiante', 'Periodo', 'Fecha de emisión', 'Fecha de vencimiento', 'Concepto', 'Valor', 'Valor', 'Referencia'];
    const line = [documents.bruno, '2026-11', '2026-11-01', '2026-11-10', 'Pensión', '999', '450000', 'H1'];
    // The first "Valor" (a hidden working column) is not the value: the visible one is.
    const draft = await kit.upload('noviembre.xlsx', await xlsxWithHiddenColumns([titles, line], [5]));
    expect(draft.statusCode, draft.body).toBe(201);
    expect((draft.json().rows as PreviewRow[])[0]).toMatchObject({ reference: 'H1', total: 450_000 });
    const hiddenValue = await kit.upload('noviembre.xlsx', await xlsxWithHiddenColumns([titles.slice(0, 6), line.slice(0, 6)], [5]));
    expect(hiddenValue.statusCode).toBe(400);
    expect(hiddenValue.json()).toMatchObject({ error: 'missing_columns', message: expect.stringContaining('hidden in the file') });
  });
});
