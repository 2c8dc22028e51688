/**
 * The import columns (IMPORT_FIELDS of the import schema), copied so the import screen need not load
 * zod; importFields.test.ts keeps the two lists equal.
 */
export const IMPORT_FIELD_KEYS = [
  'firstName', 'lastName', 'lastName2', 'document', 'birthday', 'gender', 'email', 'mobile', 'studentCode',
  'relativeFirstName', 'relativeLastName', 'relativeLastName2', 'relativeDocument', 'relativeGender',
  'relativeEmail', 'relativeMobile', 'relationshipKind',
] as const;
