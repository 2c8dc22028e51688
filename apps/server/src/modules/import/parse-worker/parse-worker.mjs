import { parentPort, workerData } from 'node:worker_threads';

// Runs in a worker thread with its own heap limit (import.parse.ts): parsing a spreadsheet, however
// hostile, never blocks the server's event loop nor grows its heap. Plain JavaScript, so the same file
// runs from the TypeScript sources (tests) and beside the bundle (dist/).
// workerData: { kind: 'csv' | 'xlsx', bytes: Uint8Array, limits }.
// Answers { workbook: { sheets: [{ name, rows: [{ n, cells }] }] } } or { refusal }.

const { kind, bytes, limits } = workerData;
const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

try {
  // Only the reader this file needs is loaded: a worker starts with an empty module cache.
  const workbook = kind === 'xlsx'
    ? await (await import('./read-xlsx.mjs')).readXlsx(buffer, limits)
    : (await import('./read-csv.mjs')).readCsv(buffer, limits);
  parentPort.postMessage({ workbook });
} catch (err) {
  const refusal = err.status
    ? { status: err.status, code: err.code, message: err.message }
    : { status: 400, code: 'invalid_file', message: `The file could not be read: ${err.message}` };
  parentPort.postMessage({ refusal });
}
