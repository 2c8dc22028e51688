import {
  interestStartOf,
  type BillingImport,
  type BillingImportColumn,
  type BillingImportResult,
  type BillingImportRow,
} from '@patio/core';
import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { isUniqueViolation } from '../../db/unique-violation';
import type { RequestContext } from '../../http/context';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { MAX_IMPORT_ROWS, parseSpreadsheet } from '../import/index';
import { columnsOf, findHeader, templateTitles, type ColumnMap } from './billing.import.columns';
import {
  claimBillingImport,
  findBillingImport,
  findChargeLines,
  findDebitsByReference,
  findStudentsByKeys,
  holdDebit,
  insertBillingImport,
  rewriteDebit,
  storeImportResult,
  type ReferencedDebit,
} from './billing.import.queries';
import { groupLines, readLines, type FileDebit, type KnownStudent } from './billing.import.rows';
import { createDebit, interestRuleOf, toMoney } from './billing.ledger';
import { currencyOf } from './billing.settings';

// Debits from a spreadsheet (issue 14 §4), as the people import does it: the file is read in the
// parsing worker, previewed (stored in billing_imports.preview), then committed in one transaction.
// A debit is keyed by its reference, so committing the same file twice creates nothing new; a
// changed debit is rewritten only while no payment ever touched it.

interface StoredPreview {
  currency: string;
  columns: ColumnMap;
  rows: BillingImportRow[];
}

const REQUIRED: BillingImportColumn[] = ['period', 'issueDate', 'expirationDate', 'concept', 'value'];

/** POST billing/imports: reads the file, compares it with the ledger and stores the preview. */
export async function createBillingImport(ctx: RequestContext, upload: { fileName: string; bytes: Buffer }): Promise<BillingImport> {
  const caller = requireCaller(ctx);
  const workbook = await parseSpreadsheet(upload.fileName, upload.bytes);
  const header = findHeader(workbook.sheets);
  if (!header) {
    throw badRequest('invalid_header', `No row of the file names the columns: use the template's titles (${Object.values(templateTitles.es).join(', ')})`);
  }
  const missing = REQUIRED.filter((column) => header.columns[column] === undefined);
  if (header.columns.studentDocument === undefined && header.columns.studentCode === undefined) missing.unshift('studentDocument');
  if (missing.length > 0) {
    const titles = workbook.sheets[header.sheet].rows.find((record) => record.n === header.row)?.cells ?? [];
    const hidden = missing.filter((column) => columnsOf(titles)[column] !== undefined);
    const hint = hidden.length > 0 ? ` (hidden in the file, so ignored: show ${hidden.map((c) => templateTitles.es[c]).join(', ')})` : '';
    throw badRequest('missing_columns', `The file has no column for: ${missing.map((c) => templateTitles.es[c]).join(', ')}${hint}`);
  }
  const currency = currencyOf(ctx.org);
  const lines = readLines(workbook.sheets[header.sheet].rows, header.row, header.columns, currency);
  if (lines.length === 0) throw badRequest('invalid_file', 'The file has a header line but no rows');
  if (lines.length > MAX_IMPORT_ROWS) throw new HttpError(413, 'too_many_rows', `A file may hold at most ${MAX_IMPORT_ROWS} rows`);
  const debits = await readDebits(ctx.db, ctx.org.id, lines);
  const rows = await classify(ctx.db, ctx.org.id, debits, currency);
  const preview: StoredPreview = { currency, columns: header.columns, rows };
  const at = nowIso();
  const id = await insertBillingImport(ctx.db, { orgId: ctx.org.id, createdBy: caller.id, fileName: upload.fileName, preview: JSON.stringify(preview), at });
  return viewOf({ id, file_name: upload.fileName, created_at: at, committed_at: null, preview: JSON.stringify(preview), result: null });
}

/** GET billing/imports/{id}. */
export async function getBillingImport(ctx: RequestContext, id: number): Promise<BillingImport> {
  const row = await findBillingImport(ctx.db, ctx.org.id, id);
  if (!row) throw notFound('There is no such import');
  return viewOf(row);
}

const alreadyCommitted = () => new HttpError(409, 'already_committed', 'This import was committed already');

/**
 * POST billing/imports/{id}/commit: one transaction. The import is claimed first (one conditional
 * UPDATE: of parallel commits, one applies and the others answer 409), each debit the file names is
 * held, then compared again with the ledger as it is now: a debit paid since the preview is skipped.
 */
export async function commitBillingImport(ctx: RequestContext, id: number): Promise<BillingImportResult> {
  const caller = requireCaller(ctx);
  const orgId = ctx.org.id;
  const row = await findBillingImport(ctx.db, orgId, id);
  if (!row) throw notFound('There is no such import');
  if (row.committed_at !== null) throw alreadyCommitted();
  const preview = JSON.parse(row.preview) as StoredPreview;
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const at = nowIso();
      if (!(await claimBillingImport(trx, orgId, id, at))) throw alreadyCommitted();
      const wanted = preview.rows.filter((r) => r.action !== 'error');
      const existing = await findDebitsByReference(trx, orgId, wanted.map((r) => r.reference));
      for (const debit of existing.sort((a, b) => a.id - b.id)) await holdDebit(trx, orgId, debit.id);
      const now = await classify(trx, orgId, wanted.map(toFileDebit), preview.currency);
      const graceDays = interestRuleOf(ctx.org).graceDays;
      const result: BillingImportResult = { created: 0, updated: 0, unchanged: 0, skipped: preview.rows.length - wanted.length };
      for (const debit of now) {
        if (debit.action === 'error' || !debit.student) result.skipped++;
        else if (debit.action === 'unchanged') result.unchanged++;
        else if (debit.action === 'create') {
          await createDebit(trx, {
            orgId, personId: debit.student.id, period: debit.period, description: debit.description, issueDate: debit.issueDate,
            expirationDate: debit.expirationDate, currency: preview.currency, concepts: debit.concepts, reference: debit.reference, importId: id,
            createdBy: caller.id, createdAt: at, graceDays,
          });
          result.created++;
        } else {
          await rewriteDebit(trx, orgId, debit.debitId!, {
            period: debit.period, description: debit.description, issueDate: debit.issueDate, expirationDate: debit.expirationDate,
            interestFrom: interestStartOf(debit.expirationDate, { monthlyRatePercent: 0, graceDays }), currency: preview.currency, importId: id,
            concepts: debit.concepts, at,
          });
          result.updated++;
        }
      }
      await storeImportResult(trx, orgId, id, JSON.stringify(result));
      return result;
    });
  } catch (err) {
    // Another import created one of these references in the meantime: nothing of this one was written.
    if (isUniqueViolation(err)) throw new HttpError(409, 'import_conflict', 'Another import wrote some of these debits meanwhile: upload the file again');
    throw err;
  }
}

function viewOf(row: { id: number; file_name: string; created_at: string; committed_at: string | null; preview: string; result: string | null }): BillingImport {
  const preview = JSON.parse(row.preview) as StoredPreview;
  const counts = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const r of preview.rows) counts[r.action]++;
  return {
    id: row.id,
    fileName: row.file_name,
    currency: preview.currency,
    createdAt: row.created_at,
    committedAt: row.committed_at,
    rows: preview.rows,
    counts,
    columns: preview.columns,
    result: row.result ? (JSON.parse(row.result) as BillingImportResult) : null,
  };
}

/** The file's lines grouped into debits, with the students they name looked up in the school. */
async function readDebits(db: Database, orgId: number, lines: Parameters<typeof groupLines>[0]): Promise<FileDebit[]> {
  const rows = await findStudentsByKeys(
    db,
    orgId,
    lines.flatMap((l) => (l.documentKey ? [l.documentKey] : [])),
    lines.flatMap((l) => (!l.documentKey && l.code ? [l.code] : [])),
  );
  const toStudent = (r: (typeof rows)[number]): KnownStudent => ({
    id: r.id,
    name: [r.first_name, r.last_name, r.last_name2].filter(Boolean).join(' '),
    documentKey: r.document_key,
    code: r.student_code,
  });
  const byDocument = new Map(rows.filter((r) => r.document_key).map((r) => [r.document_key!, toStudent(r)]));
  const byCode = new Map<string, KnownStudent | null>();
  // A code two students share names neither.
  for (const r of rows.filter((r) => r.student_code)) byCode.set(r.student_code!, byCode.has(r.student_code!) && byCode.get(r.student_code!)?.id !== r.id ? null : toStudent(r));
  return groupLines(lines, (line) => (line.documentKey ? byDocument.get(line.documentKey) ?? null : line.code ? byCode.get(line.code) ?? null : null));
}

function toFileDebit(row: BillingImportRow): FileDebit {
  return {
    row: row.row, rows: row.rows, student: row.student ? { ...row.student, documentKey: null, code: null } : null, reference: row.reference,
    period: row.period, description: row.description, issueDate: row.issueDate, expirationDate: row.expirationDate, concepts: row.concepts,
    total: row.total, errors: [],
  };
}

/** What committing each debit would do against the ledger as `db` sees it now. */
async function classify(db: Database, orgId: number, debits: FileDebit[], currency: string): Promise<BillingImportRow[]> {
  const existing = new Map<string, ReferencedDebit>();
  for (const d of await findDebitsByReference(db, orgId, debits.map((d) => d.reference))) existing.set(d.reference, d);
  const lines = new Map<number, { name: string; observations: string; value: number }[]>();
  for (const line of await findChargeLines(db, orgId, [...existing.values()].map((d) => d.id))) {
    const list = lines.get(line.debit_id) ?? [];
    list.push({ name: line.name, observations: line.observations, value: toMoney(line.value) });
    lines.set(line.debit_id, list);
  }
  return debits.map((debit) => {
    const errors = [...debit.errors];
    const known = existing.get(debit.reference) ?? null;
    const fail = (column: string, code: string, message: string) => errors.push({ row: debit.row, column, code, message });
    let action: BillingImportRow['action'] = 'create';
    if (known && debit.student && known.person_id !== debit.student.id) {
      fail('reference', 'reference_other_student', `The reference ${debit.reference} already names a debit of another student`);
    } else if (known) {
      const same =
        known.period === debit.period &&
        known.description === debit.description &&
        known.issue_date === debit.issueDate &&
        known.expiration_date === debit.expirationDate &&
        known.currency === currency &&
        JSON.stringify(lines.get(known.id) ?? []) === JSON.stringify(debit.concepts);
      if (same) action = 'unchanged';
      else if (Number(known.has_payments) === 1 || known.has_payments === true) {
        fail('', 'debit_has_payments', `The debit ${debit.reference} has payments applied: it is never changed by an import`);
      } else action = 'update';
    }
    const { documentKey: _d, code: _c, ...student } = debit.student ?? { documentKey: null, code: null };
    return {
      row: debit.row,
      rows: debit.rows,
      student: debit.student ? (student as { id: number; name: string }) : null,
      reference: debit.reference,
      period: debit.period,
      description: debit.description,
      issueDate: debit.issueDate,
      expirationDate: debit.expirationDate,
      concepts: debit.concepts,
      total: debit.total,
      action: errors.length > 0 ? 'error' : action,
      debitId: known?.id ?? null,
      errors,
    };
  });
}

