import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { importKit } from '../../test/import-test-kit';
import { csvRows, xlsxRows } from '../../platform/spreadsheet/spreadsheet.fixtures';

const hyperlink = '=HYPERLINK("http://x","y")';
const command = "=cmd|' /C calc'!A0";

describeOnDatabases('node member export (CSV)', (t) => {
  let w: World;
  let importedId: number;
  const csvOf = async (person: World['admin'], query = '', headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: `/api/${w.school.code}/nodes/${w.tree.classA}/members.csv${query}`, token: await t.signIn(person), headers });
  const lines = (body: string) => body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');

  beforeAll(async () => {
    w = await makeWorld(t);
    const kit = importKit(t, w.school, await t.signIn(w.admin));
    const committed = await kit.importCsv(w.tree.classA, `Nombre;Apellido;Documento;Correo\n"${hyperlink.replace(/"/g, '""')}";Ruiz;FX-1;ana@example.com\n${command};Núñez;FX-2;\n`);
    expect(committed.statusCode, committed.body).toBe(200);
    importedId = (await t.db.selectFrom('people').select('id').where('org_id', '=', w.school.id).where('document', '=', 'FX-1').executeTakeFirstOrThrow()).id;
  });

  it('item 19: formula cells from an import are stored exactly and neutralised in the CSV export', async () => {
    const person = await t.request({ method: 'GET', url: `/api/${w.school.code}/people/${importedId}`, token: await t.signIn(w.admin) });
    expect(person.json()).toMatchObject({ firstName: hyperlink, document: 'FX-1' });

    const res = await csvOf(w.admin, '?lang=en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="3A\.csv"; filename\*=UTF-8''3A\.csv$/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = lines(res.body);
    expect(header).toBe('First names,Last name,Second last name,Document,Role in the group,Enrollment status,Email,Mobile');
    expect(rows).toContain(`"'=HYPERLINK(""http://x"",""y"")",Ruiz,,FX-1,Student,Active,ana@example.com,`);
    expect(rows).toContain(`'=cmd|' /C calc'!A0,Núñez,,FX-2,Student,Active,,`);
    expect(rows.every((row) => !/(^|,)[=+\-@]/.test(row))).toBe(true);
  });

  it('item 19: shows each caller only the columns they may see, in their language and delimiter', async () => {
    const teacher = lines((await csvOf(w.teacherA, '?lang=es&delimiter=semicolon')).body);
    expect(teacher[0]).toBe('Nombres;Primer apellido;Segundo apellido;Rol en el grupo;Estado de matrícula;Correo electrónico;Celular');
    const parent = lines((await csvOf(w.parentA, '?lang=en')).body);
    expect(parent[0]).toBe('First names,Last name,Second last name,Role in the group');
    expect(parent.join('\n')).not.toContain('FX-1');
    expect(parent.join('\n')).not.toContain('ana@example.com');
    const refused = await csvOf(w.teacherB);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    const bad = await csvOf(w.admin, '?lang=xx');
    expect(bad.statusCode).toBe(400);
  });

  it("item 3: writes the CSV with the language's delimiter, ';' where the decimal separator is a comma", async () => {
    for (const [lang, delimiter] of [['es', ';'], ['de', ';'], ['fr', ';'], ['it', ';'], ['pt', ';'], ['en', ',']] as const) {
      const [header] = lines((await csvOf(w.admin, `?lang=${lang}`)).body);
      expect(header.split(delimiter), lang).toHaveLength(8);
    }
    // Spanish is the default language, so the default file is semicolon-separated; `delimiter` still wins.
    expect(lines((await csvOf(w.admin)).body)[0]).toBe('Nombres;Primer apellido;Segundo apellido;Documento;Rol en el grupo;Estado de matrícula;Correo electrónico;Celular');
    expect(lines((await csvOf(w.admin, '?lang=es&delimiter=comma')).body)[0].split(',')).toHaveLength(8);
  });

  it('item 3: offers the members as XLSX holding the same rows as the CSV, for the same callers only', async () => {
    for (const [person, lang] of [[w.admin, 'es'], [w.teacherA, 'en'], [w.parentA, 'fr']] as const) {
      const csv = await csvOf(person, `?lang=${lang}`);
      const xlsx = await csvOf(person, `?lang=${lang}&format=xlsx`);
      expect(xlsx.statusCode, xlsx.body).toBe(200);
      expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(xlsx.headers['content-disposition']).toMatch(/^attachment; filename="3A\.xlsx"/);
      const rows = await xlsxRows(xlsx.rawPayload, lang === 'en' ? '.' : ',');
      expect(rows).toEqual(csvRows(csv.body, lang === 'en' ? ',' : ';'));
      expect(rows.length).toBeGreaterThan(2);
    }
    // The formula-like names are plain text cells, exactly as stored.
    const admin = await xlsxRows((await csvOf(w.admin, '?format=xlsx')).rawPayload, ',');
    expect(admin.map((row) => row[0])).toContain(hyperlink);
    // An Accept header naming XLSX picks it too; the CSV answer stays the default.
    const accepted = await csvOf(w.admin, '', { accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    expect(accepted.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect((await csvOf(w.admin, '', { accept: '*/*' })).headers['content-type']).toBe('text/csv; charset=utf-8');
    expect((await csvOf(w.teacherB, '?format=xlsx')).statusCode).toBe(403);
    expect((await csvOf(w.admin, '?format=pdf')).statusCode).toBe(400);
  });
});
