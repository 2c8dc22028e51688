import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { importKit } from '../../test/import-test-kit';
import { buildXlsx } from './xlsx-builder';

// Issue 6 item 6: a 307 KB XLSX that unpacked to 300 MB blocked the event loop for ~80 s.

let bomb: Buffer; // ~750 KB that unpack to ~300 MB
let liar: Buffer; // the same sheet, its zip directory claiming 1 MB
let wide: Buffer; // 150 KB, 40,000 cells, but a last column of 16,384: the parser's rows grow to 327 M cells

beforeAll(async () => {
  const filler = { rows: () => '<row><c><v>1</v></c></row>'.repeat(1000), times: 12_000 };
  bomb = await buildXlsx(filler);
  liar = await buildXlsx(filler, { declaredSize: 1024 * 1024 });
  wide = await buildXlsx({ rows: (i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>1</v></c><c r="XFD${i + 1}"><v>2</v></c></row>`, times: 20_000 });
}, 60_000);

describeOnDatabases('import of hostile files', (t) => {
  async function setup() {
    const school = await t.makeSchool();
    const tree = await t.makeTree(school);
    const token = await t.signIn(await t.makePerson(school, { role: 'admin' }));
    const imports = async () => (await t.db.selectFrom('imports').select('id').where('org_id', '=', school.id).execute()).length;
    return { school, tree, token, imports, kit: importKit(t, school, token) };
  }

  /**
   * Starts the upload, then asks another route while the upload is being read: it is answered (how
   * fast, and that the event loop stays free: bench/busy-server.mjs, not a timed assertion here).
   */
  async function uploadWhileAskingAnotherRoute(file: Buffer) {
    const { school, tree, token, imports, kit } = await setup();
    const upload = kit.upload(tree.classA, 'class.xlsx', file);
    await sleep(50);
    const other = await t.request({ method: 'GET', url: `/api/${school.code}/nodes`, token });
    return { upload: await upload, other, imports: await imports() };
  }

  it('item 6: a zip bomb XLSX answers 413 before being unpacked, and another request is answered meanwhile', async () => {
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const { upload, other, imports } = await uploadWhileAskingAnotherRoute(bomb);
    expect(other.statusCode).toBe(200);
    expect(upload.statusCode).toBe(413);
    expect(upload.json()).toEqual({ error: 'file_too_large', message: 'The XLSX file unpacks to more than 48 MB in one part' });
    expect(imports).toBe(0);
  });

  it('item 6: a bomb whose zip directory understates its size is stopped at the size it declared', async () => {
    const { upload } = await uploadWhileAskingAnotherRoute(liar);
    expect(upload.statusCode).toBe(413);
    expect(upload.json()).toEqual({ error: 'file_too_large', message: 'A part of the XLSX file unpacks to more than it declares' });
  });

  it('item 6: a file that passes the size checks but exhausts the parser is stopped (413) while another request is answered', async () => {
    const { upload, other, imports } = await uploadWhileAskingAnotherRoute(wide);
    expect(other.statusCode).toBe(200);
    expect(upload.statusCode, upload.body).toBe(413);
    expect(upload.json()).toMatchObject({ error: 'file_too_complex', message: expect.stringContaining('memory') });
    expect(imports).toBe(0);
  }, 60_000);

  it('item 6: rows, columns and cells are capped (413) before the file is stored', async () => {
    const { tree, imports, kit } = await setup();
    const rows = ['a,b,c', ...Array.from({ length: 20_001 }, (_, i) => `x,y,${i}`)].join('\n');
    const longFile = await kit.upload(tree.classA, 'long.csv', rows);
    expect(longFile.statusCode).toBe(413);
    expect(longFile.json()).toEqual({ error: 'too_many_rows', message: 'A file may hold at most 20000 rows' });
    const wideCsv = await kit.upload(tree.classA, 'wide.csv', `${Array.from({ length: 101 }, (_, i) => `c${i}`).join(',')}\n1,2\n`);
    expect(wideCsv.statusCode).toBe(413);
    expect(wideCsv.json().error).toBe('too_many_columns');
    const sixtyCells = (row: number) => `<row>${Array.from({ length: 60 }, (_, c) => `<c><v>${(row * 7919 + c * 104729) % 99991}</v></c>`).join('')}</row>`;
    const manyCells = await buildXlsx({ rows: sixtyCells, times: 19_000 });
    const cells = await kit.upload(tree.classA, 'cells.xlsx', manyCells);
    expect(cells.statusCode).toBe(413);
    expect(cells.json()).toEqual({ error: 'too_many_cells', message: 'A file may hold at most 1000000 cells' });
    expect(await imports()).toBe(0);
  }, 60_000);
});
