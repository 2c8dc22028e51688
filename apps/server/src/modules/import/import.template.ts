import { IMPORT_REQUIRED_FIELDS, IMPORT_TEMPLATE_FIELDS, type ImportField } from '@patio/core';
import type { DictionaryLanguage } from '@patio/core/i18n/index';
import { toCsv } from '../../platform/export/csv';
import { CSV_TYPE, XLSX_TYPE, pickCsvDelimiter, writeXlsx, type ColumnFormat } from '../../platform/spreadsheet/index';
import { fieldLabel, importTexts } from './import.labels';

// The import template (issue 8): the screen's column names in the interface language, which the
// import recognises in any of the six languages, so a filled-in template maps with no manual work.
// The XLSX formats documents, phones and codes as text (a typed 0123 keeps its zero) and the
// birthday as a date, and explains every column on a second sheet.

const relativeRequired: ImportField[] = ['relativeFirstName', 'relativeLastName', 'relativeDocument'];
const textColumns: ImportField[] = ['document', 'relativeDocument', 'mobile', 'relativeMobile', 'studentCode'];

/** always, only when the row names a relative, or optional. */
export function requirementOf(field: ImportField): 'always' | 'withRelative' | 'optional' {
  if ((IMPORT_REQUIRED_FIELDS as readonly string[]).includes(field)) return 'always';
  return relativeRequired.includes(field) ? 'withRelative' : 'optional';
}

/** The template's column titles in `lang`. */
export function templateHeader(lang: DictionaryLanguage): string[] {
  return IMPORT_TEMPLATE_FIELDS.map((field) => fieldLabel(field, lang));
}

export interface DownloadFile {
  fileName: string;
  contentType: string;
  body: Buffer | string;
}

export { XLSX_TYPE, CSV_TYPE } from '../../platform/spreadsheet/index';

/** GET import/template: CSV (title line only) or XLSX (titles, column formats and an instructions sheet). */
export async function importTemplate(query: { format: 'csv' | 'xlsx'; lang: DictionaryLanguage; delimiter?: 'comma' | 'semicolon' }): Promise<DownloadFile> {
  const texts = importTexts(query.lang);
  const header = templateHeader(query.lang);
  if (query.format === 'csv') {
    return { fileName: `${texts.templateFile}.csv`, contentType: CSV_TYPE, body: toCsv(header, [], pickCsvDelimiter(query.lang, query.delimiter)) };
  }
  const format = (field: ImportField): ColumnFormat => (textColumns.includes(field) ? 'text' : field === 'birthday' ? 'date' : 'general');
  const body = await writeXlsx([
    {
      name: texts.templateSheet,
      rows: [header],
      header: true,
      columns: IMPORT_TEMPLATE_FIELDS.map((field, i) => ({ width: Math.max(14, header[i].length + 4), format: format(field) })),
    },
    {
      name: texts.instructionsSheet,
      header: true,
      rows: [
        [texts.instructionsColumns.column, texts.instructionsColumns.required, texts.instructionsColumns.what],
        ...IMPORT_TEMPLATE_FIELDS.map((field, i) => [header[i], texts.requirement[requirementOf(field)], texts.hints[field]]),
      ],
      columns: [{ width: 34 }, { width: 28 }, { width: 60 }],
    },
  ]);
  return { fileName: `${texts.templateFile}.xlsx`, contentType: XLSX_TYPE, body };
}
