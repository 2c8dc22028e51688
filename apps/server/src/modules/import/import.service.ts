import type { Import, ImportMapping, ImportResult, ImportRowError } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { HttpError, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { cleanMapping, guessMapping } from './import.mapping';
import { parseSpreadsheet } from './import.parse';
import { claimImport, keepLease, releaseImport } from './import.lease';
import {
  refreshPlannerStatistics, findImport, findImportRows, finishImport, insertImport, setImportProgress, updateImportDraft, type ImportRow,
} from './import.queries';
import { validateForSchool } from './import.school-check';
import { upsertImportRecords, type UpsertCounts } from './import.upsert';
import type { ImportRecord, StoredRow } from './import.validate';
import { isUniqueViolation } from '../../db/unique-violation';

const PREVIEW_ROWS = 50;
const conflict = (code: string, message: string) => new HttpError(409, code, message);

function toImport(row: ImportRow, preview: StoredRow[]): Import {
  return {
    id: row.id,
    nodeId: row.node_id,
    fileName: row.file_name,
    status: row.status,
    columns: JSON.parse(row.columns) as string[],
    mapping: JSON.parse(row.mapping) as ImportMapping,
    rows: preview.map((r) => r.cells),
    rowCount: row.row_count,
    errors: JSON.parse(row.errors) as ImportRowError[],
    progress: { processed: row.processed, total: row.row_count },
    result: row.result ? (JSON.parse(row.result) as ImportResult) : null,
    createdAt: row.created_at,
  };
}

async function loadImport(ctx: RequestContext, nodeId: number, id: number): Promise<ImportRow> {
  const row = await findImport(ctx.db, ctx.org.id, nodeId, id);
  if (!row) throw notFound('There is no such import for this node');
  return row;
}

/** POST nodes/{nodeId}/imports: parses the file, guesses the mapping, validates, stores a draft. */
export async function createImport(ctx: RequestContext, nodeId: number, file: { fileName: string; bytes: Buffer }): Promise<Import> {
  const caller = requireCaller(ctx);
  const sheet = await parseSpreadsheet(file.fileName, file.bytes);
  const mapping = guessMapping(sheet.columns);
  const rows = sheet.rows.map((cells, i) => ({ rowNumber: i + 2, cells }));
  const { errors } = await validateForSchool(ctx.db, ctx.org.id, rows, mapping);
  const id = await insertImport(ctx.db, ctx.org.id, {
    nodeId,
    createdBy: caller.id,
    fileName: file.fileName.slice(0, 200),
    columns: sheet.columns,
    mapping,
    errors,
    rows,
  });
  return getImport(ctx, nodeId, id);
}

/** GET nodes/{nodeId}/imports/{id}: the draft with its preview, or the progress and result. */
export async function getImport(ctx: RequestContext, nodeId: number, id: number): Promise<Import> {
  const row = await loadImport(ctx, nodeId, id);
  return toImport(row, await findImportRows(ctx.db, ctx.org.id, id, PREVIEW_ROWS));
}

/** PUT nodes/{nodeId}/imports/{id}: a new mapping, validated again over every row. */
export async function remapImport(ctx: RequestContext, nodeId: number, id: number, requested: ImportMapping): Promise<Import> {
  const row = await loadImport(ctx, nodeId, id);
  if (row.status !== 'draft') throw conflict('import_not_draft', 'This import was already committed');
  const mapping = cleanMapping(requested, (JSON.parse(row.columns) as string[]).length);
  const { errors } = await validateForSchool(ctx.db, ctx.org.id, await findImportRows(ctx.db, ctx.org.id, id), mapping);
  if (!(await updateImportDraft(ctx.db, ctx.org.id, id, { mapping, errors }))) {
    throw conflict('import_not_draft', 'This import was already committed');
  }
  return getImport(ctx, nodeId, id);
}

/**
 * POST nodes/{nodeId}/imports/{id}/commit: all rows in one transaction (all or nothing). Progress is
 * written beside the transaction on PostgreSQL, where another connection can read it; SQLite has
 * one writer, so there the import shows its final state when the transaction ends. While it runs,
 * a heartbeat renews the commit's lease, so a commit whose process died can be retried at once.
 */
export async function commitImport(
  ctx: RequestContext,
  nodeId: number,
  id: number,
  options: { enrollmentStatus: 'active' | 'pending'; schoolYear?: string },
): Promise<Import> {
  const row = await loadImport(ctx, nodeId, id);
  const errors = JSON.parse(row.errors) as ImportRowError[];
  if (row.status === 'done') throw conflict('import_done', 'This import was already committed');
  if (errors.length > 0) {
    throw conflict('import_has_errors', `Fix the ${errors.length} error(s) first (upload the corrected file or change the column mapping)`);
  }
  const rows = await findImportRows(ctx.db, ctx.org.id, id);
  const { records, errors: fresh } = await validateForSchool(ctx.db, ctx.org.id, rows, JSON.parse(row.mapping) as ImportMapping);
  if (fresh.length > 0) throw conflict('import_has_errors', 'The rows have errors; reload the import');
  if (!(await claimImport(ctx.db, ctx.org.id, id))) throw conflict('import_busy', 'This import is being committed already');

  const stopHeartbeat = keepLease(ctx.db, ctx.org.id, id);
  try {
    await writeRecords(ctx, { nodeId, id, records, rowCount: rows.length, options });
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
  input: { nodeId: number; id: number; records: ImportRecord[]; rowCount: number; options: { enrollmentStatus: string; schoolYear?: string } },
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
      const finished = await finishImport(trx, org.id, input.id, input.rowCount, { ...result, skipped: input.rowCount - input.records.length });
      if (!finished) throw conflict('import_busy', 'This commit lost its lease to another one; nothing was written');
    });
  try {
    await attempt();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    await attempt();
  }
}
