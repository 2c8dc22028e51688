import { describe, expect, it } from 'vitest';
import { IMPORT_FIELDS } from '@patio/core/schemas/import';
import { IMPORT_FIELD_KEYS } from './importFields';

describe('import fields', () => {
  it('are the columns the import schema knows', () => {
    expect([...IMPORT_FIELD_KEYS]).toEqual([...IMPORT_FIELDS]);
  });
});
