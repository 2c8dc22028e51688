import { describe, expect, it } from 'vitest';
import { IMPORT_FIELDS } from '@patio/core/schemas/import';
import { ZEnrollmentStatus, ZMembershipRole, ZRelationshipKind } from '@patio/core/schemas/people';
import { ENROLLMENT_STATUSES, IMPORT_FIELD_KEYS, RELATIONSHIP_KINDS, ROLES, toKey } from './labels';

describe('label lists', () => {
  it('match the shared schemas (copied so screens need not load zod)', () => {
    expect([...RELATIONSHIP_KINDS]).toEqual(ZRelationshipKind.options);
    expect([...IMPORT_FIELD_KEYS]).toEqual([...IMPORT_FIELDS]);
    expect([...ENROLLMENT_STATUSES]).toEqual(ZEnrollmentStatus.options);
    expect(ROLES).toEqual(expect.arrayContaining(ZMembershipRole.options));
  });

  it('reads server codes in any case style as dictionary keys', () => {
    expect(toKey('substituteTeacher')).toBe('substitute_teacher');
    expect(toKey('must-repeat')).toBe('must_repeat');
    expect(toKey('group_director')).toBe('group_director');
  });
});
