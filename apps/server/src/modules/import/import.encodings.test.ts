import { expect, it } from 'vitest';
import { utf16be, utf16le, utf8bom, windows1252, xlsxWithHiddenColumns } from '../../platform/spreadsheet/spreadsheet.fixtures';
import { describeOnDatabases } from '../../test/harness';
import { importKit } from '../../test/import-test-kit';

// Issue 34 §3: a class list in whatever encoding a spreadsheet program saved it, and the columns an
// XLSX sheet hides.

const columns = ['Nombres', 'Apellidos', 'Documento', 'Observación'];
const rows = [
  ['Iñaki', 'Núñez Peña', 'E1', 'Apodo “el Chino”'],
  ['José', 'Ibáñez', 'E2', 'Cuota 5€ – pagó el martes'],
];
const csvOf = (delimiter: string) => [columns, ...rows].map((cells) => cells.join(delimiter)).join('\r\n') + '\r\n';

/** The class list with a hidden stale "Documento" before the visible one and a hidden "Correo acudiente" column. */
const withHiddenColumns = (style: 'excel' | 'true') =>
  xlsxWithHiddenColumns(
    [
      ['Nombres', 'Documento', 'Apellidos', 'Documento', 'Nombre acudiente', 'Apellido acudiente', 'Documento acudiente', 'Correo acudiente'],
      ['Ana', 'OLD-1', 'Ruiz', 'H1', 'Eva', 'Ruiz', 'HP1', 'eva@example.com'],
      ['Luis', 'OLD-2', 'Mora', 'H2', '', '', '', ''],
    ],
    [1, 7],
    style,
  );

describeOnDatabases('import: encodings and hidden columns (issue 34 §3)', (t) => {
  async function setup() {
    const school = await t.makeSchool();
    const tree = await t.makeTree(school);
    const token = await t.signIn(await t.makePerson(school, { role: 'admin' }));
    return { school, tree, kit: importKit(t, school, token) };
  }

  it('item 3: reads a CSV from Excel on Windows (Windows-1252), UTF-16 LE and BE with BOM and UTF-8 with BOM alike', async () => {
    const { school, tree, kit } = await setup();
    const files: [string, Buffer][] = [
      ['windows-1252', windows1252(csvOf(';'))],
      ['utf-16le (Excel "Unicode text", tab-separated)', utf16le(csvOf('\t'))],
      ['utf-16be', utf16be(csvOf(';'))],
      ['utf-8 with BOM', utf8bom(csvOf(','))],
    ];
    for (const [encoding, bytes] of files) {
      const draft = await kit.upload(tree.classA, 'curso.csv', bytes);
      expect(draft.statusCode, `${encoding}: ${draft.body}`).toBe(201);
      const body = draft.json();
      expect(body.columns, encoding).toEqual(columns);
      expect(body.rows, encoding).toEqual(rows);
      expect(body.hiddenColumns, encoding).toEqual([]);
      expect(body.preview[0].student, encoding).toMatchObject({ firstName: 'Iñaki', lastName: 'Núñez', lastName2: 'Peña', document: 'E1' });
    }
    // The committed people carry the letters as typed.
    const draft = (await kit.upload(tree.classA, 'curso.csv', windows1252(csvOf(';')))).json();
    expect((await kit.commit(tree.classA, draft.id)).statusCode).toBe(200);
    const people = await t.db.selectFrom('people').select(['first_name', 'last_name']).where('org_id', '=', school.id).where('document', 'in', ['E1', 'E2']).orderBy('document').execute();
    expect(people).toEqual([{ first_name: 'Iñaki', last_name: 'Núñez' }, { first_name: 'José', last_name: 'Ibáñez' }]);
  });

  it('item 3: leaves hidden XLSX columns unmapped but lists them, and maps one the administrator picks', async () => {
    const { tree, kit } = await setup();
    for (const style of ['excel', 'true'] as const) {
      const draft = await kit.upload(tree.classA, 'curso.xlsx', await withHiddenColumns(style));
      expect(draft.statusCode, draft.body).toBe(201);
      const body = draft.json();
      expect(body.columns[1]).toBe('Documento');
      expect(body.hiddenColumns, style).toEqual([1, 7]);
      // The visible "Documento" is guessed, not the hidden one before it; the hidden email is not guessed at all.
      expect(body.mapping, style).toEqual({ firstName: 0, lastName: 2, document: 3, relativeFirstName: 4, relativeLastName: 5, relativeDocument: 6 });
      expect(body.preview[0].student.document).toBe('H1');
      expect(body.preview[0].relative.email).toBeNull();
    }
    const draft = (await kit.upload(tree.classA, 'curso.xlsx', await withHiddenColumns('excel'))).json();
    const picked = await kit.change(tree.classA, draft.id, { mapping: { ...draft.mapping, relativeEmail: 7 } });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json().mapping.relativeEmail).toBe(7);
    expect(picked.json().hiddenColumns).toEqual([1, 7]);
    expect(picked.json().preview[0].relative.email).toBe('eva@example.com');
    // Guessing again (another header row, then back) still leaves the hidden columns out.
    expect((await kit.change(tree.classA, draft.id, { headerRow: 2 })).statusCode).toBe(200);
    const again = await kit.change(tree.classA, draft.id, { headerRow: 1 });
    expect(again.json().mapping.relativeEmail).toBeUndefined();
    expect(again.json().mapping.document).toBe(3);
  });
});
