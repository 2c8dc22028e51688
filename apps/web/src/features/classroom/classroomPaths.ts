// The addresses of the classroom screens (issue 35 §4), and of the teaching screens they link to.

/** /people/{personId}/classroom: a person's groups (a relative's child, or anyone an administrator looks at). */
export const personClassroomPath = (personId: number) => `/people/${personId}/classroom`;

/** A group's stream and classwork as the person of the path sees it. */
export const classroomGroupPath = (personId: number, groupId: number) => `/people/${personId}/classroom/${groupId}`;

/** One classroom post with the person's work on it. */
export const classroomPostPath = (personId: number, groupId: number, postId: number) => `/people/${personId}/classroom/${groupId}/posts/${postId}`;

/** Where a teacher lands: their groups and what waits for review. */
export const teachingPath = (teacherId: number) => `/teaching/${teacherId}`;

/** A task's submissions, for its group's teachers. */
export const teachingPostPath = (teacherId: number, postId: number) => `/teaching/${teacherId}/posts/${postId}`;

/** Compose in its classroom mode, addressed to one group. */
export const composeClassroomPath = (groupId: number) => `/compose?classroom=${groupId}`;
