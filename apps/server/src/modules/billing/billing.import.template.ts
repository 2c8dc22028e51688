import { BILLING_IMPORT_COLUMNS, type BillingImportColumn } from '@patio/core';
import { CSV_TYPE, writeXlsx, XLSX_TYPE, type DownloadFile } from '../import/index';
import { toCsv } from '../../platform/export/csv';
import { csvDelimiterFor } from '../../platform/spreadsheet/index';
import { templateTitles } from './billing.import.columns';

// The debits template (issue 14 §4): the column titles the import recognises, in Spanish or English,
// and in the XLSX a second sheet that says what each column takes and how amounts are written.

const hints: Record<'es' | 'en', Record<BillingImportColumn, string> & { sheet: string; help: string; file: string; columns: [string, string] }> = {
  es: {
    studentDocument: 'Documento del estudiante, como está en Patio (o use el código)',
    studentCode: 'Código del estudiante, si no usa el documento',
    period: 'Periodo facturado, p. ej. 2026-03',
    description: 'Descripción del cobro (opcional: por defecto, los conceptos)',
    issueDate: 'Fecha de emisión, AAAA-MM-DD o DD/MM/AAAA',
    expirationDate: 'Fecha de vencimiento, igual o posterior a la emisión',
    concept: 'Concepto, p. ej. Pensión. Varias filas con la misma referencia son un cobro con varios conceptos',
    observations: 'Observaciones del concepto (opcional)',
    value: 'Valor en la moneda del colegio: 450000 o 450.000; centavos tras coma o punto (450.000,50). Sin signo negativo',
    reference: 'Referencia del cobro (opcional; por defecto documento:periodo). Importar el mismo archivo de nuevo no duplica nada',
    sheet: 'Cobros',
    help: 'Instrucciones',
    file: 'plantilla-cobros',
    columns: ['Columna', 'Qué escribir'],
  },
  en: {
    studentDocument: "The student's document, as in Patio (or use the code)",
    studentCode: "The student's code, when not using the document",
    period: 'Billed period, e.g. 2026-03',
    description: 'Description of the debit (optional: the concepts by default)',
    issueDate: 'Issue date, YYYY-MM-DD or DD/MM/YYYY',
    expirationDate: 'Expiration date, on or after the issue date',
    concept: 'Concept, e.g. Tuition. Several rows with the same reference are one debit with several concepts',
    observations: "The concept's observations (optional)",
    value: "Value in the school's currency: 450000 or 450,000; cents after a point or comma (450,000.50). No minus sign",
    reference: 'Reference of the debit (optional; document:period by default). Importing the same file again duplicates nothing',
    sheet: 'Debits',
    help: 'Instructions',
    file: 'debits-template',
    columns: ['Column', 'What to write'],
  },
};

const textColumns: BillingImportColumn[] = ['studentDocument', 'studentCode', 'period', 'reference'];
const dateColumns: BillingImportColumn[] = ['issueDate', 'expirationDate'];

/** GET billing/imports/template.{xlsx,csv}. */
export async function billingTemplate(format: 'xlsx' | 'csv', lang: 'es' | 'en'): Promise<DownloadFile> {
  const texts = hints[lang];
  const header = BILLING_IMPORT_COLUMNS.map((column) => templateTitles[lang][column]);
  if (format === 'csv') return { fileName: `${texts.file}.csv`, contentType: CSV_TYPE, body: toCsv(header, [], csvDelimiterFor(lang)) };
  const body = await writeXlsx([
    {
      name: texts.sheet,
      header: true,
      rows: [header],
      columns: BILLING_IMPORT_COLUMNS.map((column, i) => ({
        width: Math.max(14, header[i].length + 4),
        format: textColumns.includes(column) ? 'text' : dateColumns.includes(column) ? 'date' : 'general',
      })),
    },
    {
      name: texts.help,
      header: true,
      rows: [[...texts.columns], ...BILLING_IMPORT_COLUMNS.map((column, i) => [header[i], texts[column]])],
      columns: [{ width: 30 }, { width: 90 }],
    },
  ]);
  return { fileName: `${texts.file}.xlsx`, contentType: XLSX_TYPE, body };
}
