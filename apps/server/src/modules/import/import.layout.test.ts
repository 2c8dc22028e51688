import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { importKit } from '../../test/import-test-kit';
import { writeXlsx } from '../../platform/spreadsheet/index';

// Issue 17 items 1–3: the sheet and header row the import took, another one picked by the
// administrator, and the split of names shown for confirmation.

const workbook = await writeXlsx([
  { name: 'Notas', rows: [['Reunión de padres el martes'], ['Faltan fotos']] },
  {
    name: 'Curso 3A',
    rows: [
      ['Listado de estudiantes 3A — año 2026'],
      [],
      ['Nombres', 'Apellidos', 'Documento', 'Acudiente', 'Documento acudiente'],
      ['Ana', 'Pérez Gómez', 'L1', 'Eva Gómez', 'LP1'],
      ['Luis', 'De la Torre', 'L2', '', ''],
    ],
  },
  { name: 'Curso 3B', rows: [['Nombre completo', 'Documento'], ['Pérez Gómez Juan', 'M1'], ['Ruiz Díaz Sara María', 'M2']] },
]);

describeOnDatabases('import layout: sheets, header rows and names', (t) => {
  async function setup() {
    const school = await t.makeSchool();
    const tree = await t.makeTree(school);
    const token = await t.signIn(await t.makePerson(school, { role: 'admin' }));
    return { school, tree, kit: importKit(t, school, token) };
  }

  it('items 1–2: takes the first sheet with a header, says which row, and lets another sheet or row be picked', async () => {
    const { tree, kit } = await setup();
    const draft = await kit.upload(tree.classA, 'cursos.xlsx', workbook);
    expect(draft.statusCode, draft.body).toBe(201);
    const body = draft.json();
    expect(body).toMatchObject({
      sheets: [{ index: 0, name: 'Notas', rowCount: 2 }, { index: 1, name: 'Curso 3A', rowCount: 4 }, { index: 2, name: 'Curso 3B', rowCount: 3 }],
      sheet: 1,
      headerRow: 3,
      headerFound: true,
      columns: ['Nombres', 'Apellidos', 'Documento', 'Acudiente', 'Documento acudiente'],
      rowNumbers: [4, 5],
      rowCount: 2,
      errors: [],
    });
    expect(body.topRows.map((r: { row: number }) => r.row)).toEqual([1, 3, 4, 5]);
    expect(body.nameSplit).toEqual([
      { field: 'lastName', column: 1, order: null },
      { field: 'relativeFullName', column: 3, order: 'given-first' },
    ]);
    expect(body.preview[0]).toEqual({
      row: 4,
      student: { firstName: 'Ana', lastName: 'Pérez', lastName2: 'Gómez', document: 'L1', birthday: null, gender: null, email: null, mobile: null },
      relative: { firstName: 'Eva', lastName: 'Gómez', lastName2: null, document: 'LP1', birthday: null, gender: null, email: null, mobile: null, kind: 'guardian' },
    });
    expect(body.preview[1].student).toMatchObject({ lastName: 'De la Torre', lastName2: null });

    const other = await kit.change(tree.classA, body.id, { sheet: 2 });
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json()).toMatchObject({ sheet: 2, headerRow: 1, rowCount: 2, rowNumbers: [2, 3], mapping: { fullName: 0, document: 1 }, errors: [] });

    // A data row taken as the header: nothing maps, and the screen says which columns are missing.
    const wrong = await kit.change(tree.classA, body.id, { sheet: 1, headerRow: 4 });
    expect(wrong.json()).toMatchObject({ sheet: 1, headerRow: 4, headerFound: true, columns: ['Ana', 'Pérez Gómez', 'L1', 'Eva Gómez', 'LP1'], rowCount: 1 });
    expect(wrong.json().errors.map((e: { code: string }) => e.code)).toContain('column_not_mapped');
    const back = await kit.change(tree.classA, body.id, { headerRow: 3 });
    expect(back.json()).toMatchObject({ headerRow: 3, rowCount: 2, errors: [] });

    for (const [request, error] of [
      [{ headerRow: 2 }, 'invalid_header_row'],
      [{ sheet: 7 }, 'invalid_sheet'],
      [{}, 'invalid_request'],
      [{ headerRow: 0 }, 'invalid_request'],
      [{ sheet: 2 ** 31 }, 'invalid_request'],
      [{ nameOrders: { fullName: 'sideways' } }, 'invalid_request'],
      [{ nameOrders: { firstName: 'given-first' } }, 'invalid_request'],
    ] as const) {
      const refused = await kit.change(tree.classA, body.id, request);
      expect(refused.statusCode, JSON.stringify(request)).toBe(400);
      expect(refused.json()).toMatchObject({ error: error, message: expect.any(String) });
    }
    expect((await kit.get(tree.classA, body.id)).json()).toMatchObject({ sheet: 1, headerRow: 3 });
  });

  it('item 3: shows how a full-name column is split and writes the order the administrator confirms', async () => {
    const { school, tree, kit } = await setup();
    const draft = (await kit.upload(tree.classA, 'cursos.xlsx', workbook)).json();
    const sheet = (await kit.change(tree.classA, draft.id, { sheet: 2 })).json();
    expect(sheet.nameSplit).toEqual([{ field: 'fullName', column: 0, order: 'given-first' }]);
    expect(sheet.preview.map((p: { student: object }) => p.student)).toMatchObject([
      { firstName: 'Pérez', lastName: 'Gómez', lastName2: 'Juan' },
      { firstName: 'Ruiz Díaz', lastName: 'Sara', lastName2: 'María' },
    ]);
    const confirmed = await kit.change(tree.classA, draft.id, { nameOrders: { fullName: 'family-first' } });
    expect(confirmed.json().nameSplit).toEqual([{ field: 'fullName', column: 0, order: 'family-first' }]);
    expect(confirmed.json().preview.map((p: { student: object }) => p.student)).toMatchObject([
      { firstName: 'Juan', lastName: 'Pérez', lastName2: 'Gómez' },
      { firstName: 'Sara María', lastName: 'Ruiz', lastName2: 'Díaz' },
    ]);
    expect((await kit.commit(tree.classA, draft.id)).statusCode).toBe(200);
    const people = await t.db.selectFrom('people').select(['first_name', 'last_name', 'last_name2']).where('org_id', '=', school.id)
      .where('document', 'in', ['M1', 'M2']).orderBy('document').execute();
    expect(people).toEqual([
      { first_name: 'Juan', last_name: 'Pérez', last_name2: 'Gómez' },
      { first_name: 'Sara María', last_name: 'Ruiz', last_name2: 'Díaz' },
    ]);
  });

  it('item 3: a full name of one word is a row error, not a guess', async () => {
    const { tree, kit } = await setup();
    const draft = await kit.upload(tree.classA, 'a.csv', 'Nombre completo;Documento\nAna;X1\nAna Ruiz;X2\n');
    expect(draft.json().errors).toEqual([
      { row: 2, field: 'fullName', code: 'name_not_split', message: '"Ana" holds one name only: write the names and the surnames' },
    ]);
  });

  it('item 1: a file with titles only, or a header and nothing under it, is refused with 400', async () => {
    const { tree, kit } = await setup();
    const res = await kit.upload(tree.classA, 'a.csv', 'Listado 3A;;\n;;\nNombres;Apellidos;Documento\n;;\n');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_file', message: 'The file has a header line but no rows' });
  });
});
