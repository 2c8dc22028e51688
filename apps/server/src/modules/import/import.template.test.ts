import { IMPORT_TEMPLATE_FIELDS } from '@patio/core';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { importKit } from '../../test/import-test-kit';
import { parseSpreadsheet } from './import.parse';

// Issue 8: the screen offers a template in the interface language, which maps back with no manual work.

const languages = ['es', 'en', 'de', 'fr', 'it', 'pt'] as const;
/** One filled-in row in the template's column order (IMPORT_TEMPLATE_FIELDS). */
const row = (n: number) => [`Ana ${n}`, 'Pérez', 'Gómez', `01234${n}`, '2015-03-14', 'F', '', '', '', 'Eva', 'Gómez', '', `52${n}`, '', '3001234567', 'Madre'];

describeOnDatabases('import template', (t) => {
  async function setup() {
    const school = await t.makeSchool();
    const tree = await t.makeTree(school);
    const admin = await t.makePerson(school, { role: 'admin' });
    return { school, tree, kit: importKit(t, school, await t.signIn(admin)) };
  }

  it('serves a CSV template in each language that imports back with no errors and no warnings', async () => {
    const { tree, kit } = await setup();
    for (const [index, lang] of languages.entries()) {
      const res = await kit.template(`format=csv&lang=${lang}`);
      expect(res.statusCode, lang).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      const delimiter = lang === 'en' ? ',' : ';';
      const [header] = res.body.replace(/^\uFEFF/, '').split('\r\n');
      expect(header.split(delimiter)).toHaveLength(IMPORT_TEMPLATE_FIELDS.length);
      const filled = `${res.body.trimEnd()}\r\n${row(index).join(delimiter)}\r\n`;
      const draft = await kit.upload(tree.classA, `template-${lang}.csv`, filled);
      expect(draft.statusCode, draft.body).toBe(201);
      expect(draft.json(), lang).toMatchObject({ errors: [], warnings: [], headerRow: 1, rowCount: 1 });
      expect(Object.keys(draft.json().mapping), lang).toEqual([...IMPORT_TEMPLATE_FIELDS]);
    }
    expect((await kit.template('format=csv&lang=en&delimiter=semicolon')).body.split('\r\n')[0]).toContain(';');
  });

  it('serves an XLSX template with the titles and an instructions sheet (its text-formatted columns: the round-trip fixture)', async () => {
    const { kit } = await setup();
    const res = await kit.template('format=xlsx&lang=de');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('schueler-vorlage.xlsx');
    const workbook = await parseSpreadsheet('t.xlsx', res.rawPayload);
    expect(workbook.sheets.map((s) => s.name)).toEqual(['Schüler', 'Anleitung']);
    expect(workbook.sheets[0].rows).toHaveLength(1);
    expect(workbook.sheets[0].rows[0].cells.slice(0, 4)).toEqual(['Vornamen', 'Nachname', 'Zweiter Nachname', 'Ausweisnummer']);
    expect(workbook.sheets[1].rows[1].cells).toEqual(['Vornamen', 'Ja', 'Ein oder mehrere Vornamen: Ana María']);
    expect((await kit.template()).headers['content-disposition']).toContain('plantilla-estudiantes.xlsx');
  });

  it('is for the school’s administrators only', async () => {
    const { school, tree } = await setup();
    const url = `/api/${school.code}/import/template?format=csv&lang=es`;
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    for (const role of ['teacher', 'relative', 'student'] as const) {
      const person = await t.makePerson(school, role === 'relative' ? { role } : { role, node: tree.classA });
      expect((await t.request({ method: 'GET', url, token: await t.signIn(person) })).statusCode, role).toBe(403);
    }
    const other = await t.makeSchool();
    const otherAdmin = await t.signIn(await t.makePerson(other, { role: 'admin' }));
    expect((await t.request({ method: 'GET', url, token: otherAdmin })).statusCode).toBe(403);
  });
});
