import { expect, it } from 'vitest';
import { csvCell, neutralizeFormula, toCsv } from './csv';

it('item 19: prefixes every cell a spreadsheet would run as a formula', () => {
  for (const text of ['=HYPERLINK("http://x","y")', "=cmd|' /C calc'!A0", '+57 300', '-2+3', '@SUM(A1)', '\tx', '\rx']) {
    expect(neutralizeFormula(text), text).toBe(`'${text}`);
  }
  for (const text of ['Ana', 'María José', "O'Neil", '57 300', 'a=b', '']) expect(neutralizeFormula(text), text).toBe(text);
});

it('item 19: quotes per RFC 4180 after neutralising', () => {
  expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  expect(csvCell('Ruiz, Ana')).toBe('"Ruiz, Ana"');
  expect(csvCell('Ruiz; Ana', ';')).toBe('"Ruiz; Ana"');
  expect(csvCell('Ruiz; Ana')).toBe('Ruiz; Ana');
  expect(csvCell('two\nlines')).toBe('"two\nlines"');
  expect(csvCell(null)).toBe('');
  expect(toCsv(['A', 'B'], [['Núñez', null]], ';')).toBe('\uFEFFA;B\r\nNúñez;\r\n');
});
