import type { ClassroomKind } from '@patio/core/schemas/classroom';

// Cache keys of the classroom area: everything lives under ['classroom'], so a turn-in refreshes the
// group lists (pending counts), the group's posts (statuses) and the post in one call.

export const CLASSROOM_KEY = ['classroom'] as const;
export const groupsKey = (personId: number) => ['classroom', personId, 'groups'] as const;
export const groupPostsKey = (personId: number, groupId: number, kind: ClassroomKind | null) => ['classroom', personId, groupId, 'posts', kind ?? 'all'] as const;
export const classroomPostKey = (personId: number, groupId: number, postId: number) => ['classroom', personId, groupId, 'post', postId] as const;
