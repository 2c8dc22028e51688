import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { importKit } from '../../test/import-test-kit';

const hyperlink = '=HYPERLINK("http://x","y")';
const command = "=cmd|' /C calc'!A0";

describeOnDatabases('node member export (CSV)', (t) => {
  let w: World;
  let importedId: number;
  const csvOf = async (person: World['admin'], query = '') =>
    t.request({ method: 'GET', url: `/api/${w.school.code}/nodes/${w.tree.classA}/members.csv${query}`, token: await t.signIn(person) });
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
});
