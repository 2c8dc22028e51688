import { describe, expect, it } from 'vitest';
import { hiddenColumnsBySheet, hiddenColumnsOf } from './hidden-columns.mjs';

const sheet = (cols: string) => `<?xml version="1.0"?><worksheet xmlns="x"><cols>${cols}</cols><sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData></worksheet>`;

describe('hidden columns of an XLSX sheet (issue 34 §3)', () => {
  it('item 3: reads hidden="1" and hidden="true" ranges, nothing else, 0-based', () => {
    expect(hiddenColumnsOf(sheet('<col min="1" max="1" width="9"/><col min="2" max="3" width="0" hidden="1" customWidth="1"/><col min="5" max="5" hidden="true"/><col min="6" max="6" hidden="0"/>'), 100)).toEqual([1, 2, 4]);
    expect(hiddenColumnsOf(sheet(''), 100)).toEqual([]);
    expect(hiddenColumnsOf('<worksheet><sheetData/></worksheet>', 100)).toEqual([]);
  });

  it('item 3: reads prefixed (strict) elements and caps a range that runs to column XFD at the columns an import may hold', () => {
    const strict = '<x:worksheet xmlns:x="x"><x:cols><x:col min="3" max="16384" hidden="1"/></x:cols><x:sheetData/></x:worksheet>';
    expect(hiddenColumnsOf(strict, 6)).toEqual([2, 3, 4, 5]);
  });

  it('item 3: ignores <col> look-alikes inside the cells and garbage ranges', () => {
    const cells = '<cols><col min="x" max="4" hidden="1"/><col min="0" max="1" hidden="1"/></cols><sheetData><row><c t="inlineStr"><is><t>&lt;col min="1" max="1" hidden="1"/&gt;</t></is></c></row></sheetData>';
    expect(hiddenColumnsOf(`<worksheet>${cells}</worksheet>`, 100)).toEqual([]);
  });

  it('item 3: finds each sheet by its relationship, in workbook order', () => {
    const files = [
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook><sheets><sheet name="B" sheetId="2" r:id="rId7"/><sheet name="A" sheetId="1" r:id="rId1"/><sheet name="C" sheetId="3" r:id="rId9"/></sheets></workbook>') },
      { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId7" Target="/xl/worksheets/sheet2.xml"/></Relationships>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheet('<col min="1" max="1" hidden="1"/>')) },
      { name: 'xl/worksheets/sheet2.xml', data: Buffer.from(sheet('<col min="4" max="4" hidden="1"/>')) },
    ];
    expect(hiddenColumnsBySheet(files, 100)).toEqual([[3], [0], []]);
  });
});
