import { CLASSROOM_KINDS, SUBMISSION_STATUSES, type ClassroomKind, type ClassroomPost, type SubmissionStatus } from '@patio/core/schemas/classroom';

// A group's filters live in the address (?kind=task&status=missing), so back and a shared link keep them.

export interface ClassroomFilters {
  kind: ClassroomKind | null;
  status: SubmissionStatus | null;
}

/** The filters of an address; anything unknown reads as no filter. */
export function filtersOf(search: URLSearchParams): ClassroomFilters {
  const kind = search.get('kind');
  const status = search.get('status');
  return {
    kind: (CLASSROOM_KINDS as readonly string[]).includes(kind ?? '') ? (kind as ClassroomKind) : null,
    status: (SUBMISSION_STATUSES as readonly string[]).includes(status ?? '') ? (status as SubmissionStatus) : null,
  };
}

/** The address query of a set of filters. */
export function searchOf(filters: ClassroomFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.kind) search.set('kind', filters.kind);
  if (filters.status) search.set('status', filters.status);
  return search;
}

/**
 * A group's posts split as the screen shows them: classwork (tasks, with the status filter applied)
 * and the stream (announcements and materials; hidden while a status is chosen, since only tasks have one).
 */
export function splitPosts(posts: readonly ClassroomPost[], status: SubmissionStatus | null) {
  const classwork = posts.filter((p) => p.kind === 'task' && (status === null || p.submission?.status === status));
  const stream = status === null ? posts.filter((p) => p.kind !== 'task') : [];
  return { classwork, stream };
}
