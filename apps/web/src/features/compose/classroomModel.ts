import { addDays, epochOfWallClock, isoInZone, localDateOf } from '@patio/core/calendar/times';
import { MAX_TASK_POINTS, type ClassroomKind } from '@patio/core/schemas/classroom';
import type { PostInput, PostTypeKey } from '@patio/core/schemas/posts';

// The classroom mode of the compose screen (issue 35 §4): a post to one group's students, of a kind,
// a task with a due date (the school's wall clock) and optional points.

/** The compose screen's classroom fields as typed: the due day and time are the school's wall clock. */
export interface ClassroomFields {
  kind: ClassroomKind;
  /** 'YYYY-MM-DD' in the school's zone ('' when cleared). */
  dueDay: string;
  /** 'HH:mm' ('' when cleared). */
  dueTime: string;
  /** As typed; empty means the task has no points. */
  points: string;
}

/** What the classroom part sends beside the draft (POST nodes/{groupId}/classroom/posts). */
export interface ClassroomPublish {
  kind: ClassroomKind;
  dueDate: string | null;
  points: number | null;
}

/** The post type a kind is filed under, so the group's lists by type (nodes/{id}/posts/{type}) find it. */
export const POST_TYPE_OF_KIND: Record<ClassroomKind, PostTypeKey> = { task: 'task', material: 'document', announcement: 'announcement' };

/** The kind a (reopened) draft's type stands for; a task when it stands for none. */
export function kindOfPostType(type: PostTypeKey): ClassroomKind {
  if (type === 'document') return 'material';
  if (type === 'announcement') return 'announcement';
  return 'task';
}

/** The fields a new classroom post starts with: due tomorrow at 23:59 in the school's zone, no points. */
export function defaultClassroomFields(kind: ClassroomKind, timeZone: string, now = Date.now()): ClassroomFields {
  const today = localDateOf(Math.floor(now / 1000), timeZone);
  return { kind, dueDay: addDays(today, 1), dueTime: '23:59', points: '' };
}

/**
 * A post as a classroom post may carry it: the server refuses people, rules, an event, quotes and a
 * schedule (400 classroom_*), so a draft opened in this mode drops them; only `relatives` is kept.
 */
export function forClassroom(post: PostInput): PostInput {
  return {
    ...post,
    type: POST_TYPE_OF_KIND[kindOfPostType(post.type)],
    audience: { people: [], rules: null, relatives: post.audience.relatives },
    event: null,
    quotes: [],
    publishDate: null,
  };
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The due date as an instant with the school's offset, or null when the day or time is missing (or not a task). */
export function dueDateOf(fields: ClassroomFields, timeZone: string): string | null {
  const time = TIME.exec(fields.dueTime);
  if (fields.kind !== 'task' || !DAY.test(fields.dueDay) || !time) return null;
  const epoch = epochOfWallClock(fields.dueDay, Number(time[1]) * 3600 + Number(time[2]) * 60, timeZone);
  return isoInZone(epoch, timeZone);
}

export type DueProblem = 'dueMissing' | 'duePast' | null;
export type PointsProblem = 'badPoints' | null;

/** What keeps the fields from being sent: a task needs a due date ahead; points are whole, 1 to the most a task may give. */
export function classroomProblemsOf(fields: ClassroomFields, timeZone: string, now = Date.now()): { due: DueProblem; points: PointsProblem } {
  if (fields.kind !== 'task') return { due: null, points: null };
  const due = dueDateOf(fields, timeZone);
  const points = fields.points.trim();
  const value = Number(points);
  const isBadPoints = points !== '' && (!/^\d+$/.test(points) || value < 1 || value > MAX_TASK_POINTS);
  return { due: due === null ? 'dueMissing' : Date.parse(due) <= now ? 'duePast' : null, points: isBadPoints ? 'badPoints' : null };
}

/** The classroom fields as the server takes them (only a task has a due date and points). */
export function classroomPublishOf(fields: ClassroomFields, timeZone: string): ClassroomPublish {
  if (fields.kind !== 'task') return { kind: fields.kind, dueDate: null, points: null };
  const points = fields.points.trim();
  return { kind: 'task', dueDate: dueDateOf(fields, timeZone), points: points === '' ? null : Number(points) };
}
