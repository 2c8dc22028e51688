import { expect, it } from 'vitest';
import type { Org } from '../../policy/policy';
import { describeOnDatabases } from '../../test/harness';
import { importKit } from '../../test/import-test-kit';
import { parseSpreadsheet } from './import.parse';

// Issue 8: the administrator may commit the good rows and download the bad ones to fix.

const csv = [
  'Nombres;Apellidos;Documento;Correo acudiente;Nombre acudiente;Apellido acudiente;Documento acudiente',
  'Ana;Pérez Gómez;P1;eva@example.com;Eva;Gómez;PP1',
  'Luis;Ruiz;P2;sin-arroba;Marta;Ruiz;PP2',
  'Sara;Díaz;;;;;',
  'Tomás;Ortiz Parra;P4;;;;',
].join('\r\n');

describeOnDatabases('partial import commit and the rows to fix', (t) => {
  async function setup() {
    const school = await t.makeSchool();
    const tree = await t.makeTree(school);
    const token = await t.signIn(await t.makePerson(school, { role: 'admin' }));
    return { school, tree, kit: importKit(t, school, token) };
  }
  const documentsOf = async (school: Org) =>
    (await t.db.selectFrom('people').select('document').where('org_id', '=', school.id).where('document', 'like', 'P%').orderBy('document').execute()).map((p) => p.document);

  it('commits the good rows only when asked to, and hands out the bad ones with their problems to import again', async () => {
    const { school, tree, kit } = await setup();
    const draft = (await kit.upload(tree.classA, 'curso 5A.csv', csv)).json();
    expect(draft).toMatchObject({ rowCount: 4, invalidRowCount: 2 });
    expect(draft.errors.map((e: { row: number; code: string }) => `${e.row}:${e.code}`)).toEqual(['3:invalid_email', '4:required']);
    const refused = await kit.commit(tree.classA, draft.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('import_has_errors');

    const file = await kit.badRows(tree.classA, draft.id, 'format=csv&lang=es');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="curso 5A-filas-por-corregir.csv"; filename*=UTF-8''curso%205A-filas-por-corregir.csv`);
    expect(file.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n')).toEqual([
      'Nombres;Apellidos;Documento;Correo acudiente;Nombre acudiente;Apellido acudiente;Documento acudiente;Problemas',
      'Luis;Ruiz;P2;sin-arroba;Marta;Ruiz;PP2;«Correo del familiar» no es un correo válido.',
      'Sara;Díaz;;;;;;Falta «Documento».',
    ]);
    const english = await kit.badRows(tree.classA, draft.id, 'format=xlsx&lang=en');
    expect(english.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const sheet = (await parseSpreadsheet('rows.xlsx', english.rawPayload)).sheets[0];
    expect(sheet.name).toBe('Rows to fix');
    expect(sheet.rows.map((r) => r.cells.at(-1))).toEqual(['Problems', '“Relative’s email” is not a valid email address.', '“Document” is missing.']);

    const committed = await kit.commit(tree.classA, draft.id, { skipInvalid: true });
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json()).toMatchObject({ status: 'done', result: { created: 2, relativesCreated: 1, skipped: 2 } });
    expect(await documentsOf(school)).toEqual(['P1', 'P4', 'PP1']);
    // Still downloadable after the commit: the rows it left out.
    const after = await kit.badRows(tree.classA, draft.id, 'format=csv&lang=es');
    expect(after.body).toEqual(file.body);

    // Fixed in the downloaded file and imported again: the problems column is ignored.
    const fixed = file.body.replace('sin-arroba', 'marta@example.com').replace('Sara;Díaz;;', 'Sara;Díaz;P3;');
    const again = await kit.upload(tree.classA, 'curso 5A-filas-por-corregir.csv', fixed);
    expect(again.json()).toMatchObject({ errors: [], rowCount: 2 });
    expect((await kit.commit(tree.classA, again.json().id)).json().result).toMatchObject({ created: 2, relativesCreated: 1 });
    expect(await documentsOf(school)).toEqual(['P1', 'P2', 'P3', 'P4', 'PP1', 'PP2']);
  });

  it('never skips a missing column, and refuses a file without a single good row', async () => {
    const { school, tree, kit } = await setup();
    const noDocument = (await kit.upload(tree.classA, 'a.csv', 'Nombres;Apellidos\nAna;Ruiz\n')).json();
    const missing = await kit.commit(tree.classA, noDocument.id, { skipInvalid: true });
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toMatchObject({ error: 'import_has_errors', message: expect.any(String) });
    expect(noDocument.invalidRowCount).toBe(1);
    const rows = await kit.badRows(tree.classA, noDocument.id, 'format=csv&lang=en');
    expect(rows.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n')).toEqual(['Nombres,Apellidos,Problems', 'Ana,Ruiz,Choose the column for “Document”.']);

    const allBad = (await kit.upload(tree.classA, 'b.csv', 'Nombres;Apellidos;Documento\nAna;;D1\n;Ruiz;D2\n')).json();
    const nothing = await kit.commit(tree.classA, allBad.id, { skipInvalid: true });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ error: 'import_nothing_valid', message: expect.any(String) });
    expect(await documentsOf(school)).toEqual([]);
  });

  it('20 identical commits at once write the good rows once', async () => {
    const { school, tree, kit } = await setup();
    const draft = (await kit.upload(tree.classA, 'a.csv', csv)).json();
    const answers = await Promise.all(Array.from({ length: 20 }, () => kit.commit(tree.classA, draft.id, { skipInvalid: true })));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
      expect(['import_busy', 'import_done']).toContain(answer.json().error);
    }
    expect(await documentsOf(school)).toEqual(['P1', 'P4', 'PP1']);
  });

  it('refuses hostile options and languages with 400 and never touches another school’s import', async () => {
    const { tree, kit } = await setup();
    const draft = (await kit.upload(tree.classA, 'a.csv', csv)).json();
    for (const body of [{ skipInvalid: 'yes' }, { skipInvalid: 1 }, { enrollmentStatus: 'a\u0000b' }]) {
      const res = await kit.commit(tree.classA, draft.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    for (const query of ['format=pdf', 'lang=xx', 'lang=es%00', `lang=${'e'.repeat(5000)}`, 'delimiter=tab']) {
      const res = await kit.badRows(tree.classA, draft.id, query);
      expect(res.statusCode, query).toBe(400);
      // NUL is refused by the input guard before validation (invalid_characters).
      expect(['invalid_request', 'invalid_characters']).toContain(res.json().error);
    }
    const other = await setup();
    expect((await other.kit.badRows(other.tree.classA, draft.id, 'format=csv')).statusCode).toBe(404);
    expect((await other.kit.badRows(tree.classA, draft.id, 'format=csv')).statusCode).toBe(404);
    expect((await kit.get(tree.classA, draft.id)).json().status).toBe('draft');
  });
});
