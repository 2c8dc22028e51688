import { describe, expect, it } from 'vitest';
import { parseSpreadsheet } from './import.parse';
import { columnLetters, writeXlsx } from './xlsx-writer';

describe('XLSX writer', () => {
  it('writes sheets the import reads back cell for cell, formulas as plain text and without control characters', async () => {
    const file = writeXlsx([
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

  it('names columns as spreadsheets do', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });
});
