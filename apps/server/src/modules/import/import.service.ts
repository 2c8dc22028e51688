import type { Import, ImportMappingRequest } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { HttpError, badRequest } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { loadDataRows, loadDraft, loadSheetRecords, nameOrdersOf } from './import.draft';
import { cleanMapping } from './import.mapping';
import { parseSpreadsheet } from './import.parse';
import { claimImport, keepLease, releaseImport } from './import.lease';
import { insertImport, refreshPlannerStatistics, setImportProgress, finishImport, updateImportDraft } from './import.queries';
import { validateForSchool } from './import.school-check';
import { encodeLayout, encodeProblems, storedRowNumber, type ImportLayout } from './import.stored';
import { toImport } from './import.view';
import { findHeaderRow, pickSheet, readTable, type Table } from './import.table';
import { upsertImportRecords, type UpsertCounts } from './import.upsert';
import type { ImportRecord } from './import.validate';
import { isUniqueViolation } from '../../db/unique-violation';

const conflict = (code: string, message: string) => new HttpError(409, code, message);

/** GET nodes/{nodeId}/imports/{id}: the draft with its preview, or the progress and result. */
export async function getImport(ctx: RequestContext, nodeId: number, id: number): Promise<Import> {
  const draft = await loadDraft(ctx.db, ctx.org.id, nodeId, id);
  return toImport(ctx.db, ctx.org.id, draft);
}

/**
 * POST nodes/{nodeId}/imports: parses the file, finds the sheet and the header row, guesses the
 * mapping, validates, stores a draft with every row of every sheet (so another sheet or header row
 * can be chosen without uploading again).
 */
export async function createImport(ctx: RequestContext, nodeId: number, file: { fileName: string; bytes: Buffer }): Promise<Import> {
  const caller = requireCaller(ctx);
  const workbook = await parseSpreadsheet(file.fileName, file.bytes);
  const choice = pickSheet(workbook);
  const picked = workbook.sheets[choice.sheet];
  const table = readTable(picked.rows, choice.headerRow, picked.hiddenColumns);
  const layout: ImportLayout = {
    sheets: workbook.sheets.map((sheet) => ({ name: sheet.name, rowCount: sheet.rows.length, hiddenColumns: sheet.hiddenColumns ?? [] })),
    ...choice,
    columns: table.columns,
    nameOrders: nameOrdersOf(table, table.mapping),
  };
  const problems = await validateForSchool(ctx.db, ctx.org.id, table.rows, table.mapping, layout.nameOrders);
  const id = await insertImport(ctx.db, ctx.org.id, {
    nodeId,
    createdBy: caller.id,
    fileName: file.fileName.slice(0, 200),
    layout: encodeLayout(layout),
    mapping: table.mapping,
    problems: encodeProblems(problems),
    rowCount: table.rows.length,
    rows: workbook.sheets.flatMap((sheet, index) => sheet.rows.map((r) => ({ rowNumber: storedRowNumber(index, r.n), cells: r.cells }))),
  });
  return getImport(ctx, nodeId, id);
}

/**
 * PUT nodes/{nodeId}/imports/{id}: another sheet or header row (the mapping is guessed again unless
 * one is sent), another mapping, or another order of a full-name column; every row is validated again.
 */
export async function changeImport(ctx: RequestContext, nodeId: number, id: number, request: ImportMappingRequest): Promise<Import> {
  const draft = await loadDraft(ctx.db, ctx.org.id, nodeId, id);
  if (draft.row.status !== 'draft') throw conflict('import_not_draft', 'This import was already committed');
  let { layout, mapping } = draft;
  let table: Table;
  const sheet = request.sheet ?? layout.sheet;
  if (sheet >= layout.sheets.length) throw badRequest('invalid_sheet', `This file has ${layout.sheets.length} sheet(s) with data`);
  if (sheet !== layout.sheet || (request.headerRow !== undefined && request.headerRow !== layout.headerRow)) {
    const records = await loadSheetRecords(ctx.db, ctx.org.id, id, sheet);
    const hidden = layout.sheets[sheet].hiddenColumns ?? [];
    const header = request.headerRow !== undefined ? { row: request.headerRow, found: true } : findHeaderRow(records, hidden);
    const read = readTable(records, header.row, hidden);
    table = { columns: read.columns, rows: read.rows };
    mapping = request.mapping ? cleanMapping(request.mapping, read.columns.length) : read.mapping;
    layout = { ...layout, sheet, headerRow: header.row, headerFound: header.found, columns: read.columns, nameOrders: {} };
  } else {
    table = { columns: layout.columns, rows: await loadDataRows(ctx.db, ctx.org.id, id, layout) };
    if (request.mapping) mapping = cleanMapping(request.mapping, layout.columns.length);
  }
  layout = { ...layout, nameOrders: nameOrdersOf(table, mapping, { ...layout.nameOrders, ...request.nameOrders }) };
  const problems = await validateForSchool(ctx.db, ctx.org.id, table.rows, mapping, layout.nameOrders);
  const values = { layout: encodeLayout(layout), mapping, problems: encodeProblems(problems), rowCount: table.rows.length };
  if (!(await updateImportDraft(ctx.db, ctx.org.id, id, values))) throw conflict('import_not_draft', 'This import was already committed');
  return getImport(ctx, nodeId, id);
}

/**
 * POST nodes/{nodeId}/imports/{id}/commit: the rows in one transaction (all or nothing). With
 * `skipInvalid`, the rows without errors, the others left out and kept for download. Progress is
 * written beside the transaction on PostgreSQL, where another connection can read it; SQLite has
 * one writer, so there the import shows its final state when the transaction ends. While it runs,
 * a heartbeat renews the commit's lease, so a commit whose process died can be retried at once.
 */
export async function commitImport(
  ctx: RequestContext,
  nodeId: number,
  id: number,
  options: { enrollmentStatus: 'active' | 'pending'; schoolYear?: string; skipInvalid?: boolean },
): Promise<Import> {
  const { row, layout, mapping, problems } = await loadDraft(ctx.db, ctx.org.id, nodeId, id);
  const skipInvalid = options.skipInvalid === true;
  if (row.status === 'done') throw conflict('import_done', 'This import was already committed');
  if (problems.errors.length > 0 && !skipInvalid) {
    throw conflict('import_has_errors', `Fix the ${problems.errors.length} error(s) first (upload the corrected file or change the column mapping)`);
  }
  const rows = await loadDataRows(ctx.db, ctx.org.id, id, layout);
  const fresh = await validateForSchool(ctx.db, ctx.org.id, rows, mapping, layout.nameOrders);
  if (fresh.errors.some((e) => e.row === 0)) throw conflict('import_has_errors', 'Choose the columns that hold the names and the document first');
  if (fresh.errors.length > 0 && !skipInvalid) throw conflict('import_has_errors', 'The rows have errors; reload the import');
  if (fresh.records.length === 0) throw conflict('import_nothing_valid', 'No row is free of errors: fix the file and upload it again');
  if (!(await claimImport(ctx.db, ctx.org.id, id))) throw conflict('import_busy', 'This import is being committed already');

  const stopHeartbeat = keepLease(ctx.db, ctx.org.id, id);
  try {
    await writeRecords(ctx, { nodeId, id, records: fresh.records, rowCount: rows.length, problems: encodeProblems(fresh), options });
  } catch (err) {
    await releaseImport(ctx.db, ctx.org.id, id);
    if (isUniqueViolation(err)) {
      throw conflict('document_taken', 'Someone added a person with one of these documents at the same time: commit the import again');
    }
    throw err;
  } finally {
    stopHeartbeat();
  }
  if (ctx.services.dialect === 'postgres') await refreshPlannerStatistics(ctx.db);
  return getImport(ctx, nodeId, id);
}

/**
 * The commit's transaction. A concurrent writer may add a person with one of the new documents between
 * our read and our insert; the unique document key refuses ours, so the transaction runs once more
 * and then matches that person instead of duplicating them.
 */
async function writeRecords(
  ctx: RequestContext,
  input: { nodeId: number; id: number; records: ImportRecord[]; rowCount: number; problems: string; options: { enrollmentStatus: string; schoolYear?: string } },
): Promise<void> {
  const { db, org } = ctx;
  const onProgress = ctx.services.dialect === 'postgres' ? (n: number) => setImportProgress(db, org.id, input.id, n) : async () => {};
  const attempt = () =>
    db.transaction().execute(async (trx) => {
      const result: UpsertCounts = await upsertImportRecords(trx, org.id, {
        nodeId: input.nodeId,
        records: input.records,
        enrollmentStatus: input.options.enrollmentStatus,
        schoolYear: input.options.schoolYear ?? String(new Date().getUTCFullYear()),
        onProgress,
      });
      const finished = await finishImport(trx, org.id, input.id, {
        processed: input.rowCount,
        result: { ...result, skipped: input.rowCount - input.records.length },
        problems: input.problems,
      });
      if (!finished) throw conflict('import_busy', 'This commit lost its lease to another one; nothing was written');
    });
  try {
    await attempt();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    await attempt();
  }
}
