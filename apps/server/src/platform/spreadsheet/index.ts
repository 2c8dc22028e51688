// Spreadsheets in and out (issue 34 §3): the text of an uploaded CSV in whatever encoding it came,
// the CSV delimiter of a language, and the one CSV/XLSX writer of every table Patio hands out.
export { decodeText, type DecodedText, type TextEncodingName } from './decode-text';
export { csvDelimiterFor, decimalSeparatorFor, pickCsvDelimiter } from './csv-delimiter';
export { writeXlsx, type ColumnFormat, type XlsxSheet } from './xlsx-writer';
export {
  CSV_TYPE, XLSX_TYPE, SPREADSHEET_FILE_DOC, ZSpreadsheetExportQuery, ZSpreadsheetFormat, requestedFormat, tableFile,
  type SpreadsheetFormat, type Table, type TableCell, type TableFile,
} from './table-file';
