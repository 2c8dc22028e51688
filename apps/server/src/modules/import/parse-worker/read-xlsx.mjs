import readXlsxFile from 'read-excel-file/universal';
import { tooLarge, unreadable } from './refusal.mjs';
import { toRecords } from './records.mjs';
import { hiddenColumnsBySheet } from './hidden-columns.mjs';
import { inflateEntry, readCentralDirectory, storedZip } from './zip-entries.mjs';

// Every sheet of an XLSX workbook as text cells. Only the XML parts are unpacked, each capped at its
// declared size, and cells and rows are counted in the raw XML before the sheets are parsed.

const isXmlPart = (name) => name.endsWith('.xml') || name.endsWith('.rels');
const isWorksheet = (name) => name.startsWith('xl/worksheets/') && name.endsWith('.xml');

function countTags(xml, tag) {
  let count = 0;
  for (const next of [' ', '>', '/']) {
    const needle = Buffer.from(`<${tag}${next}`);
    for (let at = xml.indexOf(needle); at !== -1; at = xml.indexOf(needle, at + needle.length)) count++;
  }
  return count;
}

/** Refuses workbooks whose sheets hold more rows or cells than an import may (all sheets count). */
function checkSheetSizes(files, limits) {
  let rows = 0;
  let cells = 0;
  for (const { name, data } of files) {
    if (!isWorksheet(name)) continue;
    rows += countTags(data, 'row');
    cells += countTags(data, 'c');
  }
  if (rows > limits.maxRecords) throw tooLarge('too_many_rows', `A file may hold at most ${limits.maxRows} rows`);
  if (cells > limits.maxCells) throw tooLarge('too_many_cells', `A file may hold at most ${limits.maxCells} cells`);
}

/**
 * The sheets that hold anything, in workbook order, as `{ name, rows: [{ n, cells }] }`: n is the
 * row number the spreadsheet shows, empty rows and the empty cells at the end of a row are left
 * out (a title merged across the columns is its first cell), date cells become YYYY-MM-DD;
 * `hiddenColumns` lists the 0-based columns the sheet hides.
 */
export async function readXlsx(bytes, limits) {
  const entries = readCentralDirectory(bytes, limits).filter((entry) => isXmlPart(entry.name));
  const files = entries.map((entry) => ({ name: entry.name, data: inflateEntry(bytes, entry) }));
  checkSheetSizes(files, limits);
  let sheets;
  try {
    sheets = await readXlsxFile(storedZip(files).buffer);
  } catch (err) {
    throw unreadable(`The XLSX file could not be read: ${err.message}`);
  }
  const hidden = hiddenColumnsBySheet(files, limits.maxColumns);
  const read = [];
  for (const [index, { sheet, data }] of sheets.entries()) {
    if (data.length > limits.maxRecords) throw tooLarge('too_many_rows', `A file may hold at most ${limits.maxRows} rows`);
    const rows = toRecords(data);
    if (rows.some((row) => row.cells.length > limits.maxColumns)) {
      throw tooLarge('too_many_columns', `A file may hold at most ${limits.maxColumns} columns`);
    }
    if (rows.length > 0) read.push({ name: String(sheet ?? ''), rows, hiddenColumns: hidden[index] ?? [] });
  }
  return { sheets: read };
}
