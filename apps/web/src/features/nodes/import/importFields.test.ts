import { describe, expect, it } from 'vitest';
import { IMPORT_FIELDS, IMPORT_REQUIRED_FIELDS, IMPORT_TEMPLATE_FIELDS } from '@patio/core/schemas/import';
import { IMPORT_FIELD_KEYS, IMPORT_REQUIRED_KEYS, IMPORT_TEMPLATE_KEYS } from './importFields';

describe('import fields', () => {
  it('are the columns the import schema knows', () => {
    expect([...IMPORT_FIELD_KEYS]).toEqual([...IMPORT_FIELDS]);
    expect([...IMPORT_REQUIRED_KEYS]).toEqual([...IMPORT_REQUIRED_FIELDS]);
    expect([...IMPORT_TEMPLATE_KEYS]).toEqual([...IMPORT_TEMPLATE_FIELDS]);
  });
});
