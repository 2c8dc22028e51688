import type { TFunction } from 'i18next';
import { intlLocaleOf } from '@patio/core/format/intlLocale';
import type { SubmissionLine, SubmissionStatus } from '@patio/core/schemas/classroom';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';

// The teacher's review of a submission (issue 35 §4): a grade from 0 to the task's points, feedback,
// returned or only saved.

/** Work waiting for the teacher: turned in (on time or late) and not yet returned. */
export function isToReview(status: SubmissionStatus): boolean {
  return status === 'turned_in' || status === 'late';
}

/** The student after `current` (in the list's order, round to the start) whose work waits for review. */
export function nextToReview(lines: SubmissionLine[], current: number | null): number | null {
  const start = current === null ? -1 : lines.findIndex((line) => line.student.id === current);
  for (let step = 1; step <= lines.length; step += 1) {
    const line = lines[(start + step + lines.length) % lines.length];
    if (line && line.student.id !== current && isToReview(line.status)) return line.student.id;
  }
  return null;
}

export type GradeProblem = 'badGrade' | 'gradeOutOfRange';

/**
 * A grade as typed ("9", "9,5" or "9.5"): empty is no grade; anything else must be a number from 0 to
 * the task's points (unknown points: any number from 0, the server judges).
 */
export function parseGrade(text: string, points: number | null): { grade: number | null } | { problem: GradeProblem } {
  const trimmed = text.trim();
  if (trimmed === '') return { grade: null };
  if (!/^\d+([.,]\d+)?$/.test(trimmed)) return { problem: 'badGrade' };
  const grade = Number(trimmed.replace(',', '.'));
  if (points !== null && grade > points) return { problem: 'gradeOutOfRange' };
  return { grade };
}

/** A stored grade as the field shows it again, with the interface language's decimal mark. */
export function gradeText(grade: number | null, language: string): string {
  if (grade === null) return '';
  const mark = new Intl.NumberFormat(intlLocaleOf(language)).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
  return String(grade).replace('.', mark);
}

/** A sentence for a refused review: the server's codes first, then any failure's words. */
export function describeReviewError(t: TFunction, error: unknown, points: number | null): string {
  if (error instanceof ApiError) {
    if (error.status === 400 && error.code === 'grade_out_of_range') return t('teaching.review.errors.gradeOutOfRange', { points: points ?? '?' });
    if (error.status === 400 && error.code === 'no_points') return t('teaching.review.errors.noPoints');
    if (error.status === 400) return t('teaching.review.errors.invalid');
    if (error.status === 403 || error.status === 404) return t('teaching.review.errors.notAllowed');
  }
  return describeError(t, error);
}
