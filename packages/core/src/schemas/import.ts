import { z } from 'zod';
import { ZLanguage } from './person';

/**
 * Columns an import can fill (spec issue 3 §4): the student, then one relative per row. `fullName`
 * and `relativeFullName` hold a whole name in one column ("Ana Pérez Gómez", "Pérez Gómez, Ana"),
 * split on import into names and surnames.
 */
export const IMPORT_FIELDS = [
  'firstName', 'lastName', 'lastName2', 'fullName', 'document', 'birthday', 'gender', 'email', 'mobile', 'studentCode',
  'relativeFirstName', 'relativeLastName', 'relativeLastName2', 'relativeFullName', 'relativeDocument', 'relativeGender',
  'relativeEmail', 'relativeMobile', 'relationshipKind',
] as const;
export const ZImportField = z.enum(IMPORT_FIELDS);
export type ImportField = z.infer<typeof ZImportField>;

/** Columns every file needs (a full-name column stands in for names and surnames). */
export const IMPORT_REQUIRED_FIELDS = ['firstName', 'lastName', 'document'] as const;

/** The columns of the import template, in its order. */
export const IMPORT_TEMPLATE_FIELDS = [
  'firstName', 'lastName', 'lastName2', 'document', 'birthday', 'gender', 'email', 'mobile', 'studentCode',
  'relativeFirstName', 'relativeLastName', 'relativeLastName2', 'relativeDocument', 'relativeEmail', 'relativeMobile',
  'relationshipKind',
] as const satisfies readonly ImportField[];

/** Field → index of the file column that fills it (null or absent: not imported). */
export const ZImportMapping = z.partialRecord(ZImportField, z.number().int().min(0).max(500).nullable());
export type ImportMapping = z.infer<typeof ZImportMapping>;

/** How a full-name column is written: given names first ("Ana María Pérez Gómez") or surnames first. */
export const ZImportNameOrder = z.enum(['given-first', 'family-first']);
export type ImportNameOrder = z.infer<typeof ZImportNameOrder>;

/** A problem with one row (its number as the spreadsheet shows it; 0 = the whole file). */
export const ZImportRowError = z.object({
  row: z.number().int(),
  field: z.string(),
  code: z.string().describe('Stable code the web translates, e.g. required, invalid_email, duplicate_document'),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ZImportRowError>;

export const ZImportResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  relativesCreated: z.number().int(),
  relationshipsCreated: z.number().int(),
  membershipsCreated: z.number().int(),
  skipped: z.number().int(),
});
export type ImportResult = z.infer<typeof ZImportResult>;

/** One person of a row as the import will write them (names already split, dates as YYYY-MM-DD). */
export const ZImportPreviewPerson = z.object({
  firstName: z.string(),
  lastName: z.string(),
  lastName2: z.string().nullable(),
  document: z.string(),
  birthday: z.string().nullable(),
  gender: z.enum(['female', 'male']).nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
});
export type ImportPreviewPerson = z.infer<typeof ZImportPreviewPerson>;

export const ZImportPreviewRow = z.object({
  row: z.number().int(),
  student: ZImportPreviewPerson,
  relative: ZImportPreviewPerson.extend({ kind: z.string().nullable() }).nullable(),
});
export type ImportPreviewRow = z.infer<typeof ZImportPreviewRow>;

export const ZImportSheet = z.object({
  index: z.number().int(),
  name: z.string(),
  rowCount: z.number().int().describe('Rows with any content'),
});
export type ImportSheet = z.infer<typeof ZImportSheet>;

/** A draft or committed import as the /nodes/{nodeId}/import screen shows it. */
export const ZImport = z.object({
  id: z.number().int(),
  nodeId: z.number().int(),
  fileName: z.string(),
  status: z.enum(['draft', 'committing', 'done']),
  sheets: z.array(ZImportSheet).describe('The sheets of the workbook that hold anything (one for a CSV)'),
  sheet: z.number().int().describe('Index of the sheet read'),
  headerRow: z.number().int().describe('Row of that sheet taken as the column titles'),
  headerFound: z.boolean().describe('False when no row looked like column titles and the first one was taken'),
  topRows: z
    .array(z.object({ row: z.number().int(), cells: z.array(z.string()) }))
    .describe('The first rows of the sheet, to pick another header row'),
  columns: z.array(z.string()),
  hiddenColumns: z
    .array(z.number().int())
    .describe('Indices in `columns` the XLSX sheet hides: never mapped by the guess, still offered to pick'),
  mapping: ZImportMapping,
  nameSplit: z
    .array(
      z.object({
        field: z.enum(['lastName', 'fullName', 'relativeLastName', 'relativeFullName']),
        column: z.number().int(),
        order: ZImportNameOrder.nullable().describe('How the full names of this column are read (null for a surnames column)'),
      }),
    )
    .describe('Columns whose text is split into names and surnames: `preview` shows the split to confirm it'),
  rows: z.array(z.array(z.string())).describe('Preview: the first 50 data rows'),
  rowNumbers: z.array(z.number().int()).describe('The row number of each preview row in its sheet'),
  preview: z.array(ZImportPreviewRow).describe('The preview rows as they will be imported'),
  rowCount: z.number().int(),
  invalidRowCount: z.number().int().describe('Rows with at least one error (left out by a commit with skipInvalid)'),
  errors: z.array(ZImportRowError),
  warnings: z.array(ZImportRowError).describe('Worth a look but no obstacle to a commit (a document that may have lost leading zeros)'),
  progress: z.object({ processed: z.number().int(), total: z.number().int() }),
  result: ZImportResult.nullable(),
  createdAt: z.string(),
});
export type Import = z.infer<typeof ZImport>;

/** PUT nodes/{nodeId}/imports/{id}: another mapping, sheet, header row or order of a full-name column. */
export const ZImportMappingRequest = z
  .object({
    mapping: ZImportMapping.optional(),
    sheet: z.number().int().min(0).max(1000).optional().describe('Index in `sheets`; the header row and mapping are guessed again'),
    headerRow: z.number().int().min(1).max(1_048_576).optional().describe('Row of the sheet with the column titles; the mapping is guessed again'),
    nameOrders: z
      .object({ fullName: ZImportNameOrder.optional(), relativeFullName: ZImportNameOrder.optional() })
      .strict()
      .optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Send a mapping, sheet, headerRow or nameOrders');
export type ImportMappingRequest = z.infer<typeof ZImportMappingRequest>;

export const ZImportCommitRequest = z.object({
  enrollmentStatus: z.enum(['active', 'pending']).default('active'),
  schoolYear: z.string().trim().min(1).max(20).optional(),
  skipInvalid: z.boolean().default(false).describe('Commit the rows without errors and leave the others out'),
});

export const ZImportFileFormat = z.enum(['csv', 'xlsx']);
export const ZImportLanguage = ZLanguage;

/** GET import/template and GET nodes/{nodeId}/imports/{id}/bad-rows. */
export const ZImportFileQuery = z.object({
  format: ZImportFileFormat.default('xlsx'),
  lang: ZImportLanguage.default('es'),
  delimiter: z.enum(['comma', 'semicolon']).optional().describe('CSV only; default: comma for en, semicolon otherwise'),
});
export type ImportFileQuery = z.infer<typeof ZImportFileQuery>;
