import { documentKeyOf, hasForbiddenNameCharacters, type BillingImportColumn, type BillingImportError } from '@patio/core';
import { parseDate, type SheetRecord } from '../import/index';
import { readTypedAmount } from './billing.import.amount';
import type { ColumnMap } from './billing.import.columns';

// A debits file read into debits (issue 14 §4): every row is one concept; the rows that share a
// reference (by default "{student document}:{period}") are one debit. Each problem is an error on
// its row and column; nothing here touches the database.

/** Longest text per column: the columns of billing_debits and billing_debit_concepts. */
const MAX_LENGTH: Record<BillingImportColumn, number> = {
  studentDocument: 40, studentCode: 40, period: 20, description: 200, issueDate: 40, expirationDate: 40, concept: 200,
  observations: 1000, value: 60, reference: 120,
};

const labels: Record<BillingImportColumn, string> = {
  studentDocument: "student's document", studentCode: "student's code", period: 'period', description: 'description', issueDate: 'issue date',
  expirationDate: 'expiration date', concept: 'concept', observations: 'observations', value: 'value', reference: 'reference',
};

/** Line breaks and tabs are fine in observations; anything else invisible or a control character is not. */
const hasForbiddenText = (column: BillingImportColumn, text: string) =>
  hasForbiddenNameCharacters(column === 'observations' ? text.replace(/[\n\t]/g, ' ') : text);

/** One row of the file, read. */
export interface FileLine {
  row: number;
  document: string;
  documentKey: string | null;
  code: string;
  reference: string;
  period: string;
  description: string;
  issueDate: string;
  expirationDate: string;
  concept: string;
  observations: string;
  value: number;
  errors: BillingImportError[];
}

/** Reads every data row below the header through the column map. */
export function readLines(records: SheetRecord[], headerRow: number, columns: ColumnMap, currency: string): FileLine[] {
  return records.filter((record) => record.n > headerRow).map((record) => readLine(record, columns, currency));
}

function readLine({ n, cells }: SheetRecord, columns: ColumnMap, currency: string): FileLine {
  const errors: BillingImportError[] = [];
  const fail = (column: BillingImportColumn | '', code: string, message: string) => errors.push({ row: n, column, code, message });
  const at = (column: BillingImportColumn): string => {
    const index = columns[column];
    const text = index === undefined ? '' : (cells[index] ?? '').trim();
    if (text.length > MAX_LENGTH[column]) {
      fail(column, 'too_long', `The ${labels[column]} has ${text.length} characters; at most ${MAX_LENGTH[column]}`);
      return '';
    }
    if (hasForbiddenText(column, text)) {
      fail(column, 'invalid_characters', `The ${labels[column]} holds control or invisible characters`);
      return '';
    }
    return text;
  };
  const date = (column: 'issueDate' | 'expirationDate'): string => {
    const text = at(column);
    if (text === '') return '';
    const parsed = parseDate(text);
    if (parsed === 'invalid' || parsed === null) {
      fail(column, 'invalid_date', `"${text.slice(0, 40)}" is not a date: write YYYY-MM-DD or DD/MM/YYYY`);
      return '';
    }
    return parsed;
  };
  const document = at('studentDocument').replace(/\s+/g, '');
  const valueText = at('value');
  let value = 0;
  if (valueText === '') {
    if (!errors.some((e) => e.column === 'value')) fail('value', 'required', 'The value is required');
  } else {
    const read = readTypedAmount(valueText, currency);
    if ('minor' in read) value = read.minor;
    else fail('value', read.error, read.message);
  }
  return {
    row: n,
    document,
    documentKey: documentKeyOf(document),
    code: at('studentCode'),
    reference: at('reference'),
    period: at('period'),
    description: at('description'),
    issueDate: date('issueDate'),
    expirationDate: date('expirationDate'),
    concept: at('concept'),
    observations: at('observations'),
    value,
    errors,
  };
}

/** A student the file names, as found in the school. */
export interface KnownStudent {
  id: number;
  name: string;
  documentKey: string | null;
  code: string | null;
}

/** One debit of the file before it is compared with the ledger. */
export interface FileDebit {
  row: number;
  rows: number[];
  student: KnownStudent | null;
  reference: string;
  period: string;
  description: string;
  issueDate: string;
  expirationDate: string;
  concepts: { name: string; observations: string; value: number }[];
  total: number;
  errors: BillingImportError[];
}

const MAX_TOTAL = 999_999_999_999;

/**
 * Groups the lines into debits. `findStudent` answers the student a line names (by document, else by
 * code). The debit's fields come from its first row; a later row may leave them empty, but not
 * contradict them.
 */
export function groupLines(lines: FileLine[], findStudent: (line: FileLine) => KnownStudent | null): FileDebit[] {
  const debits = new Map<string, FileDebit>();
  const order: FileDebit[] = [];
  for (const line of lines) {
    const errors = [...line.errors];
    const fail = (column: BillingImportColumn | '', code: string, message: string) => errors.push({ row: line.row, column, code, message });
    const student = findStudent(line);
    if (line.document === '' && line.code === '') {
      if (!errors.some((e) => e.column === 'studentDocument' || e.column === 'studentCode')) fail('studentDocument', 'required', "The student's document or code is required");
    } else if (!student) {
      const named = line.document ? `document ${line.document}` : `code ${line.code}`;
      fail(line.document ? 'studentDocument' : 'studentCode', 'unknown_student', `No student of this school has the ${named}`);
    }
    if (line.period === '' && !errors.some((e) => e.column === 'period')) fail('period', 'required', 'The period is required (e.g. 2026-03)');
    if (line.concept === '' && !errors.some((e) => e.column === 'concept')) fail('concept', 'required', 'The concept is required (e.g. Pensión)');
    const studentKey = student ? (student.documentKey ?? `P${student.id}`) : line.documentKey ?? line.code;
    const reference = line.reference || (studentKey && line.period ? `${studentKey}:${line.period}` : `row ${line.row}`);
    let debit = debits.get(reference);
    if (!debit) {
      debit = {
        row: line.row, rows: [], student, reference, period: line.period, description: line.description, issueDate: line.issueDate,
        expirationDate: line.expirationDate, concepts: [], total: 0, errors: [],
      };
      debits.set(reference, debit);
      order.push(debit);
    } else {
      const contradicts = (mine: string, theirs: string) => mine !== '' && theirs !== '' && mine !== theirs;
      if (student && debit.student && student.id !== debit.student.id) fail('reference', 'inconsistent_debit', `Reference ${reference} names another student in row ${debit.row}`);
      for (const [column, mine] of [['period', line.period], ['description', line.description], ['issueDate', line.issueDate], ['expirationDate', line.expirationDate]] as const) {
        if (contradicts(mine, debit[column])) fail(column, 'inconsistent_debit', `Row ${debit.row} gives this debit (${reference}) another ${labels[column]}: "${debit[column]}"`);
        else if (debit[column] === '') debit[column] = mine;
      }
      debit.student ??= student;
    }
    debit.rows.push(line.row);
    if (line.concept !== '' && line.value > 0) {
      debit.concepts.push({ name: line.concept, observations: line.observations, value: line.value });
      debit.total += line.value;
    }
    debit.errors.push(...errors);
  }
  for (const debit of order) checkDebit(debit);
  return order;
}

function checkDebit(debit: FileDebit): void {
  const fail = (column: BillingImportColumn | '', code: string, message: string) => debit.errors.push({ row: debit.row, column, code, message });
  const has = (column: BillingImportColumn) => debit.errors.some((e) => e.column === column);
  if (debit.issueDate === '' && !has('issueDate')) fail('issueDate', 'required', 'The issue date is required');
  if (debit.expirationDate === '' && !has('expirationDate')) fail('expirationDate', 'required', 'The expiration date is required');
  if (debit.issueDate && debit.expirationDate && debit.expirationDate < debit.issueDate) {
    fail('expirationDate', 'expiration_before_issue', `The expiration date ${debit.expirationDate} comes before the issue date ${debit.issueDate}`);
  }
  if (debit.total > MAX_TOTAL) fail('value', 'invalid_amount', 'The concepts of this debit add up to more than 12 digits');
  if (debit.concepts.length > 100) fail('concept', 'too_many_concepts', 'A debit has at most 100 concepts');
  if (debit.description === '') debit.description = debit.concepts.map((c) => c.name).join(', ').slice(0, 200);
}
