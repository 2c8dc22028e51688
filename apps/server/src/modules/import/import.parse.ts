import { parse } from 'csv-parse/sync';
import readXlsxFile from 'read-excel-file/node';
import { badRequest } from '../../http/errors';

/** A spreadsheet as the import sees it: header names and data rows of trimmed text cells. */
export interface ParsedSheet {
  columns: string[];
  rows: string[][];
}

export const MAX_IMPORT_ROWS = 20_000;

/** UTF-8 (with or without BOM) when the bytes are valid UTF-8, otherwise Windows-1252 (Latin-1). */
export function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** `,` or `;` (Excel in Spanish locales writes `;`), or tab: the one most frequent outside quotes in the first line. */
export function detectDelimiter(text: string): string {
  let inQuotes = false;
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  for (const ch of text) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (ch === '\n' || ch === '\r')) break;
    else if (!inQuotes && ch in counts) counts[ch]++;
  }
  const [best, count] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
  return count > 0 ? best : ',';
}

const invalidFile = (message: string) => badRequest('invalid_file', message);

/** Parses CSV bytes; a malformed file (e.g. an unclosed quote) is a 400 naming the line. */
export function parseCsv(bytes: Buffer): ParsedSheet {
  const text = decodeText(bytes);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
      max_record_size: 64 * 1024,
    }) as string[][];
  } catch (err) {
    throw invalidFile(`The CSV file could not be read: ${(err as Error).message}`);
  }
  return toSheet(records);
}

/** Reads the first sheet of an XLSX workbook; dates become YYYY-MM-DD. */
export async function parseXlsx(bytes: Buffer): Promise<ParsedSheet> {
  let sheets;
  try {
    sheets = await readXlsxFile(bytes);
  } catch (err) {
    throw invalidFile(`The XLSX file could not be read: ${(err as Error).message}`);
  }
  const data = sheets[0]?.data ?? [];
  const records = data.map((row) => row.map((cell) => cellText(cell)));
  return toSheet(records.filter((r) => r.some((c) => c !== '')));
}

function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  return String(cell).trim();
}

function toSheet(records: string[][]): ParsedSheet {
  if (records.length === 0) throw invalidFile('The file is empty');
  const [header, ...rows] = records;
  if (header.every((c) => c === '')) throw invalidFile('The first line must name the columns');
  if (rows.length === 0) throw invalidFile('The file has a header line but no rows');
  if (rows.length > MAX_IMPORT_ROWS) throw invalidFile(`A file may hold at most ${MAX_IMPORT_ROWS} rows`);
  const width = header.length;
  return { columns: header, rows: rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? '')) };
}

/** Picks the parser from the file name or the leading bytes (XLSX is a zip: "PK"). */
export async function parseSpreadsheet(fileName: string, bytes: Buffer): Promise<ParsedSheet> {
  const isZip = bytes.length > 3 && bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (/\.xlsx$/i.test(fileName) || isZip) return parseXlsx(bytes);
  if (/\.xls$/i.test(fileName)) throw invalidFile('Old .xls files are not supported: save the sheet as .xlsx or .csv');
  return parseCsv(bytes);
}
