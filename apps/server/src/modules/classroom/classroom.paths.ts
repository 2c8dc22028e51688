// Where the app shows a classroom post to a person (spec §2 /people/{personId}/classroom/{groupId}/posts/{postId}):
// the student's own path for the student and their relatives, the teacher's for a teacher.

/** The app path of a task for the person whose classroom it is read in. */
export function taskPath(personId: number, groupId: number, postId: number): string {
  return `/people/${personId}/classroom/${groupId}/posts/${postId}`;
}
