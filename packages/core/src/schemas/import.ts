import { z } from 'zod';

/** Columns an import can fill (spec issue 3 §4): the student, then one relative per row. */
export const IMPORT_FIELDS = [
  'firstName', 'lastName', 'lastName2', 'document', 'birthday', 'gender', 'email', 'mobile', 'studentCode',
  'relativeFirstName', 'relativeLastName', 'relativeLastName2', 'relativeDocument', 'relativeGender',
  'relativeEmail', 'relativeMobile', 'relationshipKind',
] as const;
export const ZImportField = z.enum(IMPORT_FIELDS);
export type ImportField = z.infer<typeof ZImportField>;

/** Field → index of the file column that fills it (null or absent: not imported). */
export const ZImportMapping = z.partialRecord(ZImportField, z.number().int().min(0).max(500).nullable());
export type ImportMapping = z.infer<typeof ZImportMapping>;

/** A problem with one row (row 1 is the header line, so the first data row is 2; 0 = the whole file). */
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

/** A draft or committed import as the /nodes/{nodeId}/import screen shows it. */
export const ZImport = z.object({
  id: z.number().int(),
  nodeId: z.number().int(),
  fileName: z.string(),
  status: z.enum(['draft', 'committing', 'done']),
  columns: z.array(z.string()),
  mapping: ZImportMapping,
  rows: z.array(z.array(z.string())).describe('Preview: the first 50 data rows'),
  rowCount: z.number().int(),
  errors: z.array(ZImportRowError),
  progress: z.object({ processed: z.number().int(), total: z.number().int() }),
  result: ZImportResult.nullable(),
  createdAt: z.string(),
});
export type Import = z.infer<typeof ZImport>;

export const ZImportMappingRequest = z.object({ mapping: ZImportMapping });

export const ZImportCommitRequest = z.object({
  enrollmentStatus: z.enum(['active', 'pending']).default('active'),
  schoolYear: z.string().trim().min(1).max(20).optional(),
});
