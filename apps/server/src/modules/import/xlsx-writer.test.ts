import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseSpreadsheet } from './import.parse';
import { writeXlsx } from '../../platform/spreadsheet/index';

/** The text of one part of the workbook (an XLSX is a zip: central directory, local header, deflate). */
function partOf(zip: Buffer, name: string): string {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const nameLength = zip.readUInt16LE(at + 28);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      const local = zip.readUInt32LE(at + 42);
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + zip.readUInt32LE(at + 20));
      return (zip.readUInt16LE(at + 10) === 8 ? inflateRawSync(data) : data).toString('utf8');
    }
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  throw new Error(`${name} is not in the workbook`);
}

describe('XLSX writer', () => {
  it('writes sheets the import reads back cell for cell, formulas as plain text and without control characters', async () => {
    const file = await writeXlsx([
      { name: 'Filas: por/corregir?', header: true, rows: [['Nombre', 'Documento'], ['=HYPERLINK("http://x","y")', '0123'], ['A\u0000na <b>&', '']] , columns: [{}, { format: 'text' }] },
      { name: 'Notas', rows: [['nota']] },
    ]);
    const workbook = await parseSpreadsheet('rows.xlsx', file);
    expect(workbook.sheets.map((s) => s.name)).toEqual(['Filas  por corregir', 'Notas']);
    expect(workbook.sheets[0].rows).toEqual([
      { n: 1, cells: ['Nombre', 'Documento'] },
      { n: 2, cells: ['=HYPERLINK("http://x","y")', '0123'] },
      { n: 3, cells: ['Ana <b>&'] },
    ]);
  });

  it('formats whole columns as text or as a date, so what is typed in later keeps its zeros or becomes a date', async () => {
    const file = await writeXlsx([
      { name: 'Plantilla', header: true, rows: [['Documento', 'Nacimiento', 'Nombre', 'Celular']], columns: [{ format: 'text' }, { format: 'date' }, {}, { format: 'text', width: 20 }] },
      { name: 'Notas', rows: [['0123', 'nota']], columns: [{ format: 'date' }, { format: 'text' }] },
    ]);
    const styles = partOf(file, 'xl/styles.xml');
    const formatCodes = new Map([...styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const cellStyles = [.../<cellXfs[^>]*>(.*?)<\/cellXfs>/s.exec(styles)![1].matchAll(/<xf [^>]*>/g)].map((m) => m[0]);
    const formatOf = (style: string | undefined) => {
      if (style === undefined) return 'general';
      const id = /numFmtId="(\d+)"/.exec(cellStyles[Number(style)])?.[1];
      return id === '49' ? 'text' : (formatCodes.get(id ?? '') ?? `format ${id}`);
    };
    const columnsOf = (sheet: string) =>
      [...partOf(file, sheet).matchAll(/<col [^>]*>/g)].map((m) => [/width="(\d+)"/.exec(m[0])![1], formatOf(/style="(\d+)"/.exec(m[0])?.[1])]);
    expect(columnsOf('xl/worksheets/sheet1.xml')).toEqual([['14', 'text'], ['14', 'yyyy\\-mm\\-dd'], ['14', 'general'], ['20', 'text']]);
    expect(columnsOf('xl/worksheets/sheet2.xml')).toEqual([['14', 'yyyy\\-mm\\-dd'], ['14', 'text']]);
    expect(partOf(file, 'xl/worksheets/sheet1.xml')).toMatch(/<pane [^>]*ySplit="1"[^>]*state="frozen"/);
    expect(partOf(file, 'xl/worksheets/sheet2.xml')).not.toContain('<pane');
  });
});
