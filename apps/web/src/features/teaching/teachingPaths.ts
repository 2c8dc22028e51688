// The addresses of the teaching screens (issue 35 §4) and of the classroom screens they lead to.

/** /teaching/{personId}: a teacher's groups, what is due and the review queue. */
export function teachingPath(personId: number): string {
  return `/teaching/${personId}`;
}

/**
 * A task's submissions; with the group the task's heading (points, due date) loads at once, with a
 * student their work is the one opened first.
 */
export function submissionsPath(personId: number, postId: number, options: { groupId?: number; studentId?: number } = {}): string {
  const query = new URLSearchParams();
  if (options.groupId !== undefined) query.set('group', String(options.groupId));
  if (options.studentId !== undefined) query.set('student', String(options.studentId));
  const text = query.toString();
  return `/teaching/${personId}/posts/${postId}${text ? `?${text}` : ''}`;
}

/** A group's classroom screen (stream and classwork) as a person sees it. */
export function classroomGroupPath(personId: number, groupId: number): string {
  return `/people/${personId}/classroom/${groupId}`;
}

/** A classroom post's screen as a person sees it. */
export function classroomPostPath(personId: number, groupId: number, postId: number): string {
  return `/people/${personId}/classroom/${groupId}/posts/${postId}`;
}
