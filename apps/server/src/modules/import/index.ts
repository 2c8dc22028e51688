// The import area to the rest of the server (.dependency-cruiser.cjs): class lists from spreadsheets.
export { importRoutes } from './import.routes';
export { importPolicies } from './import.policy';
// Reading spreadsheets for other imports (billing's debits file): the upload, the parsing worker with
// its limits, header normalising, dates as people type them, and the XLSX writer of templates.
export { readUpload, IMPORT_MAX_BYTES } from './import.routes';
export { MAX_IMPORT_ROWS, parseSpreadsheet, type SheetRecord, type ParsedWorkbook } from './import.parse';
export { normalizeHeader } from './import.text';
export { parseDate } from './import.values';
export { writeXlsx, type XlsxSheet } from '../../platform/spreadsheet/index';
export { XLSX_TYPE, CSV_TYPE, type DownloadFile } from './import.template';
export { multipartFile } from './multipart-file';
export { importManifest } from './import.manifest';
