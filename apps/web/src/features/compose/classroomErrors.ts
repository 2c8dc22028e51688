import type { TFunction } from 'i18next';
import { ApiError } from '../../app/api/ApiError';
import { describeComposeError } from './publishErrors';

// The refusals of POST nodes/{groupId}/classroom/posts (apps/server/src/modules/classroom), by code.
const CLASSROOM_CODES = ['due_date_past', 'not_a_task', 'classroom_audience', 'classroom_schedule', 'classroom_event', 'classroom_quotes'] as const;

/** A sentence for a failed classroom publish, in the interface language; anything else as any post's. */
export function describeClassroomError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const code = CLASSROOM_CODES.find((c) => c === error.code);
    if (error.status === 400 && code) return t(`teaching.compose.errors.${code}`);
    // Only the group's teachers and administrators publish there (anyone else: 404, the group is not
    // theirs); a 404 about the draft itself reads as any draft gone.
    const message = (error.body as { message?: unknown } | null)?.message;
    const isAboutDraft = typeof message === 'string' && /draft/i.test(message);
    if (error.status === 403 || (error.status === 404 && !isAboutDraft)) return t('teaching.compose.errors.notTeacher');
  }
  return describeComposeError(t, error);
}
