import { describe, expect, it } from 'vitest';
import { ZEnrollmentStatus, ZMembershipRole } from '@patio/core/schemas/people';
import { ENROLLMENT_STATUSES, ROLES, toKey } from './labels';

describe('label lists', () => {
  it('match the shared schemas (copied so screens need not load zod)', () => {
    expect([...ENROLLMENT_STATUSES]).toEqual(ZEnrollmentStatus.options);
    expect(ROLES).toEqual(expect.arrayContaining(ZMembershipRole.options));
  });

  it('reads server codes in any case style as dictionary keys', () => {
    expect(toKey('substituteTeacher')).toBe('substitute_teacher');
    expect(toKey('must-repeat')).toBe('must_repeat');
    expect(toKey('group_director')).toBe('group_director');
  });
});
