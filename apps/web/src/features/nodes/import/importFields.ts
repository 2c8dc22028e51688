/**
 * The import columns (IMPORT_FIELDS, IMPORT_REQUIRED_FIELDS and IMPORT_TEMPLATE_FIELDS of the import
 * schema), copied so the import screen need not load zod; importFields.test.ts keeps the lists equal.
 */
export const IMPORT_FIELD_KEYS = [
  'firstName', 'lastName', 'lastName2', 'fullName', 'document', 'birthday', 'gender', 'email', 'mobile', 'studentCode',
  'relativeFirstName', 'relativeLastName', 'relativeLastName2', 'relativeFullName', 'relativeDocument', 'relativeGender',
  'relativeEmail', 'relativeMobile', 'relationshipKind',
] as const;

/** Columns every file needs. */
export const IMPORT_REQUIRED_KEYS = ['firstName', 'lastName', 'document'] as const;

/** The columns of the template, in its order. */
export const IMPORT_TEMPLATE_KEYS = [
  'firstName', 'lastName', 'lastName2', 'document', 'birthday', 'gender', 'email', 'mobile', 'studentCode',
  'relativeFirstName', 'relativeLastName', 'relativeLastName2', 'relativeDocument', 'relativeEmail', 'relativeMobile',
  'relationshipKind',
] as const;
