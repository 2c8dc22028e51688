import { z } from 'zod';
import { ZId } from './ids';
import { ZPostAuthor, ZPostInput } from './posts';

// Classroom (issue 35; docs/decisions/031-classroom.md): posts addressed to a class or subject group,
// of kind task, material or announcement; a task's submissions, one per student.

export const CLASSROOM_KINDS = ['task', 'material', 'announcement'] as const;
export const ZClassroomKind = z.enum(CLASSROOM_KINDS);
export type ClassroomKind = z.infer<typeof ZClassroomKind>;

/** `missing` is never stored: an assigned task whose due date has passed reads as missing. */
export const SUBMISSION_STATUSES = ['assigned', 'turned_in', 'late', 'returned', 'missing'] as const;
export const ZSubmissionStatus = z.enum(SUBMISSION_STATUSES);
export type SubmissionStatus = z.infer<typeof ZSubmissionStatus>;

export const MAX_TASK_POINTS = 1000;
export const MAX_SUBMISSION_TEXT = 20_000;
export const MAX_FEEDBACK_TEXT = 5_000;
export const MAX_SUBMISSION_FILES = 20;

const noNul = (text: string) => !text.includes('\u0000');
const ZInstant = z.iso.datetime({ offset: true });

/** Body of POST nodes/{groupId}/classroom/posts: a post as POST people/{me}/posts/sent takes it, plus the classroom fields. */
export const ZClassroomPostInput = ZPostInput.extend({
  kind: ZClassroomKind.describe('task (accepts turn-ins), material or announcement'),
  dueDate: ZInstant.nullable().default(null).describe("A task's due date (ISO 8601 with a zone); in the past: 400 `due_date_past`; only tasks"),
  points: z.number().int().min(1).max(MAX_TASK_POINTS).nullable().default(null).describe('Most points a grade may give (optional; only tasks)'),
}).strict();
export type ClassroomPostInput = z.infer<typeof ZClassroomPostInput>;

export const ZClassroomCreated = z.object({ id: z.number().int().describe('The post id') });

/** One group of GET people/{id}/classroom. */
export const ZClassroomGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.enum(['teacher', 'student', 'relative']).describe("The person's role in it: teacher, student, or relative of a student of it"),
  pending: z.number().int().describe("Tasks not yet turned in (a relative: their children's); a teacher: submissions turned in and not yet returned"),
});
export type ClassroomGroup = z.infer<typeof ZClassroomGroup>;

export const ZClassroomPostsQuery = z.object({ kind: ZClassroomKind.optional().describe('Only posts of this kind') });

/** A submission's file (an upload of the student's). */
export const ZSubmissionFile = z.object({ id: z.number().int(), name: z.string(), mimetype: z.string(), size: z.number().int() });

/** A person's submission as they (or their relatives) see it; grade and feedback only once returned. */
export const ZSubmission = z.object({
  studentId: z.number().int(),
  status: ZSubmissionStatus,
  text: z.string(),
  files: z.array(ZSubmissionFile),
  grade: z.number().nullable().describe('Shown once returned'),
  feedback: z.string().describe('Shown once returned'),
  turnedInAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
});
export type Submission = z.infer<typeof ZSubmission>;

/** One classroom post of a group's list. */
export const ZClassroomPost = z.object({
  id: z.number().int().describe('The post id'),
  kind: ZClassroomKind,
  title: z.string(),
  author: ZPostAuthor,
  publishDate: z.string(),
  dueDate: z.string().nullable(),
  points: z.number().int().nullable(),
  submission: z.object({ status: ZSubmissionStatus }).nullable().describe("A task, for a student or a relative of one: the student's status; otherwise null"),
});
export type ClassroomPost = z.infer<typeof ZClassroomPost>;

/** GET people/{id}/classroom/{groupId}/posts/{postId}: the post with the person's submission. */
export const ZClassroomPostDetail = ZClassroomPost.omit({ submission: true }).extend({
  description: z.string().describe('Sanitised HTML; its blocks are read from GET posts/{id}/blocks'),
  groupId: z.number().int(),
  submission: ZSubmission.nullable().describe("A task, for a student or a relative of one: the student's submission; otherwise null"),
});
export type ClassroomPostDetail = z.infer<typeof ZClassroomPostDetail>;

/** Body of PUT people/{studentId}/classroom/{groupId}/posts/{postId}/submission. */
export const ZSubmissionInput = z
  .object({
    text: z.string().max(MAX_SUBMISSION_TEXT).refine(noNul, 'The text may not hold NUL characters').optional().describe(`At most ${MAX_SUBMISSION_TEXT} characters; left out: unchanged`),
    files: z.array(ZId).max(MAX_SUBMISSION_FILES).optional().describe("Ids of the student's own uploads (people/{id}/uploads); left out: unchanged"),
    turnIn: z.boolean().describe('true turns the work in (late after the due date); false keeps it as work in progress (and takes back a turn-in)'),
  })
  .strict();
export type SubmissionInput = z.infer<typeof ZSubmissionInput>;

/** One line of GET posts/{postId}/submissions. */
export const ZSubmissionLine = z.object({
  student: ZPostAuthor,
  status: ZSubmissionStatus,
  turnedInAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
  grade: z.number().nullable(),
  feedback: z.string(),
  text: z.string(),
  files: z.array(ZSubmissionFile),
});
export type SubmissionLine = z.infer<typeof ZSubmissionLine>;

/** Body of PUT posts/{postId}/submissions/{studentId}. */
export const ZSubmissionReview = z
  .object({
    grade: z.number().min(0).nullable().optional().describe("Points, 0 to the task's points (above: 400 `grade_out_of_range`); left out: unchanged"),
    feedback: z.string().max(MAX_FEEDBACK_TEXT).refine(noNul, 'The feedback may not hold NUL characters').optional(),
    return: z.boolean().describe('true returns the work to the student (who then sees grade and feedback); false only saves them'),
  })
  .strict();
export type SubmissionReview = z.infer<typeof ZSubmissionReview>;
