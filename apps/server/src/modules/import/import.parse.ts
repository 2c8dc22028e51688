import { Worker } from 'node:worker_threads';
import { HttpError, badRequest } from '../../http/errors';
import { decodeText } from '../../platform/spreadsheet/index';

/** One row of a sheet with content: its number as the spreadsheet shows it and its trimmed text cells. */
export interface SheetRecord {
  n: number;
  cells: string[];
}

/**
 * The sheets of a file that hold anything (a CSV file is one sheet without a name); `hiddenColumns`
 * are the 0-based columns an XLSX sheet hides, which are not mapped unless the admin picks them.
 */
export interface ParsedWorkbook {
  sheets: { name: string; rows: SheetRecord[]; hiddenColumns?: number[] }[];
}

export const MAX_IMPORT_ROWS = 20_000;

/**
 * What one import file may hold (issue 6 item 6: a 307 KB XLSX that unpacked to 300 MB stalled the
 * server for 80 s). A real class list of 20,000 rows × 20 columns unpacks to about 30 MB of XML.
 */
export const importLimits = {
  maxRows: MAX_IMPORT_ROWS,
  /** Rows of all sheets together: the data rows plus room for titles, blank rows and a sheet of notes. */
  maxRecords: MAX_IMPORT_ROWS + 100,
  maxColumns: 100,
  maxCells: 1_000_000,
  /** Zip parts of an XLSX, the largest one unpacked, all of them unpacked, unpacked ÷ packed. */
  maxEntries: 500,
  maxEntryBytes: 48 * 1024 * 1024,
  maxTotalBytes: 64 * 1024 * 1024,
  maxRatio: 100,
};

/** The parsing worker's own heap and its time budget; past either it is stopped and the file refused. */
export const workerBudget = { heapMb: 256, youngHeapMb: 32, timeoutMs: 30_000 };

// A plain .mjs file beside this one in the sources, copied beside the bundle by build.mjs.
const workerUrl = new URL('./parse-worker/parse-worker.mjs', import.meta.url);

const invalidFile = (message: string) => badRequest('invalid_file', message);
const tooComplex = (message: string) => new HttpError(413, 'file_too_complex', message);

type WorkerAnswer = { workbook: ParsedWorkbook } | { refusal: { status: number; code: string; message: string } };

// At most this many files are parsed at once (each worker may take its whole heap budget); more wait.
const MAX_PARALLEL_PARSES = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withParseSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < MAX_PARALLEL_PARSES) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve)); // a finishing parse hands its slot over
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Parses in a worker thread, so the event loop stays free and a hostile file cannot exhaust the server's heap. */
export function parseInWorker(kind: 'csv' | 'xlsx', bytes: Buffer, budget = workerBudget): Promise<ParsedWorkbook> {
  return withParseSlot(() => runWorker(kind, bytes, budget));
}

function runWorker(kind: 'csv' | 'xlsx', bytes: Buffer, budget: typeof workerBudget): Promise<ParsedWorkbook> {
  const copy = new Uint8Array(bytes); // its own ArrayBuffer, handed over to the worker without a second copy
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerUrl, {
      workerData: { kind, bytes: copy, limits: importLimits },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: budget.heapMb, maxYoungGenerationSizeMb: budget.youngHeapMb, stackSizeMb: 4 },
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => settle(() => reject(tooComplex(`The file takes more than ${budget.timeoutMs / 1000} s to read: split it into smaller files`))),
      budget.timeoutMs,
    );
    worker.on('message', (answer: WorkerAnswer) =>
      settle(() => {
        if ('workbook' in answer) resolve(answer.workbook);
        else reject(new HttpError(answer.refusal.status, answer.refusal.code, answer.refusal.message));
      }),
    );
    worker.on('error', (err: Error & { code?: string }) =>
      settle(() =>
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? tooComplex('The file needs more memory to read than an import may use: split it into smaller files')
            : invalidFile(`The file could not be read: ${err.message}`),
        ),
      ),
    );
    worker.on('exit', () => settle(() => reject(invalidFile('The file could not be read'))));
  });
}

/**
 * Picks the parser from the file name or the leading bytes (XLSX is a zip: "PK"). A CSV is decoded
 * here, whatever its encoding (Windows-1252 from Excel on Windows, UTF-16, UTF-8), and read as UTF-8.
 */
export async function parseSpreadsheet(fileName: string, bytes: Buffer): Promise<ParsedWorkbook> {
  const isZip = bytes.length > 3 && bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (/\.xls$/i.test(fileName) && !isZip) throw invalidFile('Old .xls files are not supported: save the sheet as .xlsx or .csv');
  const kind = /\.xlsx$/i.test(fileName) || isZip ? 'xlsx' : 'csv';
  const input = kind === 'csv' ? Buffer.from(decodeText(bytes).text, 'utf8') : bytes;
  const sheets = (await parseInWorker(kind, input)).sheets.filter((sheet) => sheet.rows.length > 0);
  if (sheets.length === 0) throw invalidFile('The file is empty');
  return { sheets };
}
