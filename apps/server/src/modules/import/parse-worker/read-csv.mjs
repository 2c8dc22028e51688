import { parse } from 'csv-parse/sync';
import { tooLarge, unreadable } from './refusal.mjs';
import { toRecords } from './records.mjs';

/**
 * `,` or `;` (Excel in Spanish locales writes `;`), or tab: the one most frequent outside quotes in
 * the first lines. Several lines, because a title line ("Listado 3A") may hold none or a stray comma.
 */
export function detectDelimiter(text) {
  let inQuotes = false;
  let lines = 0;
  const counts = { ',': 0, ';': 0, '\t': 0 };
  // The first lines of a sane file are short; a record may not exceed 64 KB anyway.
  for (const ch of text.slice(0, 64 * 1024)) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && ch === '\n' && ++lines === 10) break;
    else if (!inQuotes && ch in counts) counts[ch]++;
  }
  const [best, count] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
  return count > 0 ? best : ',';
}

/**
 * The one "sheet" of a CSV file: its non-empty records numbered as a spreadsheet numbers its rows
 * (blank lines count), so "row 7" means the same here and in the program that wrote the file. A
 * malformed file (e.g. an unclosed quote) is a 400 naming the line.
 */
export function readCsv(bytes, limits) {
  // The server hands over UTF-8 whatever the file's encoding was (platform/spreadsheet/decode-text.ts).
  const text = new TextDecoder('utf-8').decode(bytes);
  let cells = 0;
  let records;
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: false,
      trim: true,
      bom: true,
      max_record_size: 64 * 1024,
      // One record past the limit is enough to know the file is too long.
      to: limits.maxRecords + 1,
      on_record: (record) => {
        cells += record.length;
        if (record.length > limits.maxColumns) throw tooLarge('too_many_columns', `A file may hold at most ${limits.maxColumns} columns`);
        if (cells > limits.maxCells) throw tooLarge('too_many_cells', `A file may hold at most ${limits.maxCells} cells`);
        return record;
      },
    });
  } catch (err) {
    const refusal = err.status ? err : err.cause?.status ? err.cause : null;
    if (refusal) throw refusal;
    throw unreadable(`The CSV file could not be read: ${err.message}`);
  }
  if (records.length > limits.maxRecords) throw tooLarge('too_many_rows', `A file may hold at most ${limits.maxRows} rows`);
  return { sheets: [{ name: '', rows: toRecords(records) }] };
}
