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

/**
 * The roles to show for a person, translated: a student's 'relative' role (they have siblings) says
 * nothing useful beside 'student', so it is left out; duplicates are dropped.
 */
export function rolesLabel(t: TFunction, roles: readonly string[] | undefined, isAdmin = false): string {
  const all = [...(isAdmin ? ['administrator'] : []), ...(roles ?? [])];
  const shown = all.includes('student') ? all.filter((r) => r !== 'relative') : all;
  return [...new Set(shown.map((r) => labelOf(t, 'roles', r)))].join(' · ');
}
