import { describe, expect, it } from 'vitest';
import { validateRows } from './import.validate';

const mapping = { firstName: 0, lastName: 1, document: 2 };
const rowsOf = (documents: string[]) => documents.map((document, i) => ({ rowNumber: i + 2, cells: [`N${i}`, 'Ruiz', document] }));
const flagged = (documents: string[]) => validateRows(rowsOf(documents), mapping).warnings.map((w) => `${w.row}:${w.code}`);

describe('documents that lost their leading zeros', () => {
  it('flags a number shorter than the others of its column, and imports it as written', () => {
    const { records, warnings } = validateRows(rowsOf(['1023456789', '1023456790', '123456791', '1023456792']), mapping);
    expect(warnings).toEqual([
      { row: 4, field: 'document', code: 'document_leading_zeros', message: expect.stringContaining('The document 123456791 has fewer digits than the others in its column (10)') },
    ]);
    expect(records.map((r) => r.student.document)).toContain('123456791');
  });

  it('leaves columns of mixed lengths, documents that kept their zero and short columns alone', () => {
    expect(flagged(['1023456789', '1023456790', '1023456791', '52123456', '79123456', '41234567'])).toEqual([]);
    expect(flagged(['1023456789', '1023456790', '1023456791', '012345679'])).toEqual([]);
    expect(flagged(['1023456789', '123456790'])).toEqual([]);
    expect(flagged(['T-1', 'T-2', 'T-3', 'T-44'])).toEqual([]);
  });

  it('flags a document in scientific notation as an error', () => {
    const { errors } = validateRows(rowsOf(['1,02346E+09']), mapping);
    expect(errors.map((e) => e.code)).toEqual(['document_scientific']);
  });
});
