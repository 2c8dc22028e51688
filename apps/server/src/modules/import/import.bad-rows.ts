import type { ImportField, ImportRowError } from '@patio/core';
import type { DictionaryLanguage } from '@patio/core/i18n/index';
import type { Database } from '../../db/database';
import { toCsv } from '../../platform/export/csv';
import { loadDataRows, loadDraft } from './import.draft';
import { fieldLabel, fillText, importTexts } from './import.labels';
import { CSV_TYPE, XLSX_TYPE, type DownloadFile } from './import.template';
import { pickCsvDelimiter, writeXlsx } from '../../platform/spreadsheet/index';

// The rows an import could not take, to fix in a spreadsheet and import again: the file's own column
// titles and cells (so the new upload maps exactly as this one did) and one more column saying, in
// the interface language, what is wrong with each row.

/** One problem in `lang`: the screen's text for its code with the field's name, else the server's words. */
export function describeProblem(error: ImportRowError, lang: DictionaryLanguage): string {
  const texts = importTexts(lang);
  const template = (texts.errors as Record<string, string>)[error.code];
  if (!template) return error.message;
  const field = error.field in texts.fields ? fieldLabel(error.field as ImportField, lang) : error.field;
  return fillText(template, { field });
}

/** The file name without its extension, for the names of the files made from it. */
function stemOf(fileName: string): string {
  return fileName.replace(/\.[^.]*$/, '').trim() || 'import';
}

/** GET nodes/{nodeId}/imports/{id}/bad-rows: the rows with errors (all rows when a column is missing). */
export async function badRowsFile(
  db: Database,
  orgId: number,
  target: { nodeId: number; id: number },
  query: { format: 'csv' | 'xlsx'; lang: DictionaryLanguage; delimiter?: 'comma' | 'semicolon' },
): Promise<DownloadFile> {
  const { row, layout, problems } = await loadDraft(db, orgId, target.nodeId, target.id);
  const texts = importTexts(query.lang);
  const fileWide = problems.errors.filter((e) => e.row === 0);
  const byRow = new Map<number, ImportRowError[]>();
  for (const error of problems.errors) if (error.row > 0) byRow.set(error.row, [...(byRow.get(error.row) ?? []), error]);
  const rows = (await loadDataRows(db, orgId, row.id, layout))
    .filter((r) => fileWide.length > 0 || byRow.has(r.rowNumber))
    .map((r) => [...r.cells, [...fileWide, ...(byRow.get(r.rowNumber) ?? [])].map((e) => describeProblem(e, query.lang)).join(' · ')]);
  const header = [...layout.columns, texts.problemsColumn];
  const stem = `${stemOf(row.file_name)}-${texts.badRowsFile}`;
  if (query.format === 'csv') {
    return { fileName: `${stem}.csv`, contentType: CSV_TYPE, body: toCsv(header, rows, pickCsvDelimiter(query.lang, query.delimiter)) };
  }
  const body = await writeXlsx([
    {
      name: texts.badRowsSheet,
      header: true,
      rows: [header, ...rows],
      columns: header.map((title, i) => ({ width: i === header.length - 1 ? 70 : Math.max(12, Math.min(40, title.length + 4)), format: 'text' as const })),
    },
  ]);
  return { fileName: `${stem}.xlsx`, contentType: XLSX_TYPE, body };
}
