import type { TFunction } from 'i18next';

/** spec §3 Role labels, plus the school administrator. */
export const ROLES = ['administrator', 'employee', 'teacher', 'substitute_teacher', 'group_director', 'student', 'relative'] as const;

/** spec §3 Enrollment statuses. */
export const ENROLLMENT_STATUSES = ['active', 'inactive', 'graduated', 'inscribed', 'pending', 'suspended', 'withdrawn'] as const;

/** The dictionary key of a server code: 'substitute-teacher' and 'substituteTeacher' read as 'substitute_teacher'. */
export function toKey(code: string): string {
  return code
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .replace(/[\s-]+/g, '_')
    .toLowerCase();
}

/** A translated label for a code of one of the label sections (roles, kinds, enrollment, outcomes); unknown codes show as sent. */
export function labelOf(t: TFunction, section: 'roles' | 'kinds' | 'enrollment' | 'outcomes', code: string | null | undefined): string {
  if (!code) return '';
  return t(`${section}.${toKey(code)}`, { defaultValue: code });
}

/** What a relative is when they are the person's child (the inverse of the parent-like kinds). */
export const CHILD_KINDS: readonly string[] = ['son', 'daughter', 'stepson', 'stepdaughter', 'ward', 'grandson', 'granddaughter'];

/** True when one of these relatives of a person is their child, so /people/{id}/children lists someone. */
export function hasChildrenAmong(relatives: readonly { kind: string }[] | undefined): boolean {
  return (relatives ?? []).some((r) => CHILD_KINDS.includes(r.kind));
}

/**
 * spec §3 Relationship kinds, as the server stores them (ZRelationshipKind; copied so screens need not
 * load zod — labels.test.ts keeps the two lists equal).
 */
export const RELATIONSHIP_KINDS = [
  'father', 'mother', 'son', 'daughter', 'brother', 'sister', 'grandfather', 'grandmother',
  'grandson', 'granddaughter', 'uncle', 'aunt', 'nephew', 'niece', 'cousin', 'stepfather',
  'stepmother', 'stepson', 'stepdaughter', 'guardian', 'representative', 'responsible', 'ward',
] as const;

/** Import columns (IMPORT_FIELDS of the import schema, copied for the same reason; kept equal by test). */
export const IMPORT_FIELD_KEYS = [
  'firstName', 'lastName', 'lastName2', 'document', 'birthday', 'gender', 'email', 'mobile', 'studentCode',
  'relativeFirstName', 'relativeLastName', 'relativeLastName2', 'relativeDocument', 'relativeGender',
  'relativeEmail', 'relativeMobile', 'relationshipKind',
] as const;

/**
 * The roles to show for a person, translated: a student's 'relative' role (they have siblings) says
 * nothing useful beside 'student', so it is left out; duplicates are dropped.
 */
export function rolesLabel(t: TFunction, roles: readonly string[] | undefined, isAdmin = false): string {
  const all = [...(isAdmin ? ['administrator'] : []), ...(roles ?? [])];
  const shown = all.includes('student') ? all.filter((r) => r !== 'relative') : all;
  return [...new Set(shown.map((r) => labelOf(t, 'roles', r)))].join(' · ');
}
