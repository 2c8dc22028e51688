import writeXlsxFile from 'write-excel-file/node';

// Every XLSX file Patio hands out (import templates, rows to fix, exports), written by write-excel-file:
// text cells typed as strings and numbers as numbers, never a formula, so no cell runs whatever it
// holds. A column may be formatted as text (documents keep their leading zeros when typed in) or as a
// date; write-excel-file styles cells, not columns, so columnFormats below adds the column styles.

export type ColumnFormat = 'text' | 'date' | 'general';

export interface XlsxSheet {
  name: string;
  /** Text cells, and numbers a spreadsheet can sum (counts, rates). */
  rows: (string | number)[][];
  /** Per column: width in characters and the format typed cells take. */
  columns?: { width?: number; format?: ColumnFormat }[];
  /** The first row in bold, frozen above the others. */
  header?: boolean;
}

type Sheet = Parameters<typeof writeXlsxFile>[0][number];
type Feature = NonNullable<NonNullable<Parameters<typeof writeXlsxFile>[1]>['features']>[number];

/** A sheet name Excel accepts: no []:*?/\, at most 31 characters, unique in the workbook. */
function sheetNames(sheets: XlsxSheet[]): string[] {
  const used = new Set<string>();
  return sheets.map((sheet, index) => {
    let name = sheet.name.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31) || `Sheet${index + 1}`;
    if (used.has(name.toLowerCase())) name = `${name.slice(0, 28)} ${index + 1}`;
    used.add(name.toLowerCase());
    return name;
  });
}

// "@" is the spreadsheet's text format: what is typed or stored stays as written ("0123", "+57 300…").
const TEXT = '@';

function sheetOf(sheet: XlsxSheet, name: string): Sheet {
  const formats = sheet.columns ?? [];
  const data = sheet.rows.map((cells, r) =>
    cells.map((value, c) => {
      if (value === '') return null;
      if (typeof value === 'number') return { value, type: Number };
      if (sheet.header && r === 0) return { value, type: String, fontWeight: 'bold' as const, format: TEXT };
      return formats[c]?.format === 'text' ? { value, type: String, format: TEXT } : { value, type: String };
    }),
  );
  return {
    data,
    sheet: name,
    columns: formats.length ? formats.map((c) => ({ width: c.width ?? 14 })) : undefined,
    stickyRowsCount: sheet.header ? 1 : undefined,
  };
}

const columnStyleMark: Partial<Record<ColumnFormat, string>> = { text: 'patio-text-column', date: 'patio-date-column' };

/**
 * Gives the text and date columns their style, which new cells typed into them take. Styles are
 * numbered in order in styles.xml; write-excel-file numbers the cells' styles as it writes the sheets,
 * so the column styles come after them: the sheets are marked first, the marks are numbered once every
 * sheet is written (one more than the highest cell style), and the styles are appended to styles.xml.
 */
function columnFormats(sheets: XlsxSheet[]): Feature {
  let firstColumnStyle = -1;
  return {
    files: {
      transform: {
        'xl/worksheets/sheet{id}.xml': {
          transformElementAttributes: (tagName, attributes, index, _options, { sheetIndex }) => {
            const mark = tagName === 'col' && index !== undefined ? columnStyleMark[sheets[sheetIndex].columns?.[index]?.format ?? 'general'] : undefined;
            return mark ? { ...attributes, style: mark } : attributes;
          },
        },
        'xl/styles.xml': {
          transform: (xml) => {
            const count = Number(/<cellXfs count="(\d+)"/.exec(xml)?.[1]);
            if (count !== firstColumnStyle) throw new Error(`XLSX column styles: expected ${firstColumnStyle} cell styles, found ${count}`);
            const formats = /<numFmts count="(\d+)">/.exec(xml);
            // Custom number formats are numbered from 100 by write-excel-file; the date's is the next one.
            const dateFormatId = 100 + Number(formats?.[1] ?? 0);
            const dateFormat = `<numFmt numFmtId="${dateFormatId}" formatCode="yyyy\\-mm\\-dd"/>`;
            const withFormat = formats
              ? xml.replace(/<numFmts count="\d+">(.*?)<\/numFmts>/s, (_all, inner: string) => `<numFmts count="${Number(formats[1]) + 1}">${inner}${dateFormat}</numFmts>`)
              : xml.replace(/(<styleSheet[^>]*>)/, `$1<numFmts count="1">${dateFormat}</numFmts>`);
            return withFormat.replace(
              /<cellXfs count="\d+">(.*?)<\/cellXfs>/s,
              (_all, inner: string) =>
                `<cellXfs count="${count + 2}">${inner}<xf numFmtId="49" applyNumberFormat="1"></xf><xf numFmtId="${dateFormatId}" applyNumberFormat="1"></xf></cellXfs>`,
            );
          },
        },
      },
      write: {
        files: (_options, { read }) => {
          const paths = sheets.map((_, i) => `xl/worksheets/sheet${i + 1}.xml`);
          const xml = paths.map((path) => String(read(path) ?? ''));
          const cellStyles = xml.flatMap((sheet) => [...sheet.matchAll(/<c [^>]*\bs="(\d+)"/g)].map((m) => Number(m[1])));
          firstColumnStyle = cellStyles.length ? Math.max(...cellStyles) + 1 : 0;
          const numbered = { [columnStyleMark.text!]: firstColumnStyle, [columnStyleMark.date!]: firstColumnStyle + 1 };
          return Object.fromEntries(paths.map((path, i) => [path, xml[i].replace(/style="(patio-\w+-column)"/g, (_all, mark: string) => `style="${numbered[mark]}"`)]));
        },
      },
    },
  };
}

/** An XLSX workbook of the sheets. */
export function writeXlsx(sheets: XlsxSheet[]): Promise<Buffer> {
  const names = sheetNames(sheets);
  return writeXlsxFile(
    sheets.map((sheet, i) => sheetOf(sheet, names[i])),
    { fontFamily: 'Calibri', fontSize: 11, features: [columnFormats(sheets)] },
  ).toBuffer();
}
