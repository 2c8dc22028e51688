import { z } from 'zod';
import { ZId, ZIdText, zQueryInteger } from './ids';
import { ZPostAuthor, ZPostInput, ZPostTypeKey } from './posts';

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
export const ZSubmissionFile = z.object({
  id: z.number().int(),
  name: z.string(),
  mimetype: z.string(),
  size: z.number().int(),
  url: z
    .string()
    .describe(
      "Relative to the school's API base (/api/{org}/): posts/{postId}/submissions/{studentId}/files/{fileId}, read with the bearer token by the student, their parent-like relatives, the group's teachers and administrators; `?download=1` answers it as an attachment",
    ),
});

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

/** One group of GET teaching/{personId}. */
export const ZTeachingGroup = z.object({
  id: z.number().int().describe('The group (node) id'),
  name: z.string().describe("The group's name"),
  students: z.number().int().describe('Current students of the group'),
  tasks: z.number().int().describe('Published tasks of the group'),
  toReview: z.number().int().describe("Current students' submissions turned in (or late) and not yet returned"),
  completion: z.number().min(0).max(1).nullable().describe('Of the tasks already due, the share of (task, current student) pairs turned in, late or returned (the rest are missing); null when no task is due yet or the group has no students'),
  nextDueDate: z.string().nullable().describe('The soonest due date still ahead (ISO instant, UTC); null when none'),
});
export type TeachingGroup = z.infer<typeof ZTeachingGroup>;

/** A task whose due date is ahead, for the teaching dashboard. */
export const ZTeachingUpcoming = z.object({
  postId: z.number().int().describe('The task (post id)'),
  groupId: z.number().int().describe('Its group'),
  groupName: z.string().describe("The group's name"),
  title: z.string().describe("The task's title"),
  dueDate: z.string().describe('When it is due (ISO instant, UTC)'),
  points: z.number().int().nullable().describe('Most points a grade may give; null when the task has none'),
  turnedIn: z.number().int().describe('Current students who turned it in (or late, or returned)'),
  students: z.number().int().describe('Current students of the group'),
});
export type TeachingUpcoming = z.infer<typeof ZTeachingUpcoming>;

/** One submission waiting for the teacher: turned in (or late) and not yet returned. */
export const ZTeachingReviewItem = z.object({
  postId: z.number().int().describe('The task (post id): its submissions are at posts/{postId}/submissions'),
  groupId: z.number().int().describe('Its group'),
  groupName: z.string().describe("The group's name"),
  title: z.string().describe("The task's title"),
  points: z.number().int().nullable().describe('Most points a grade may give; null when the task has none'),
  dueDate: z.string().nullable().describe("The task's due date (ISO instant, UTC); null when it has none"),
  student: ZPostAuthor.describe('The student who turned it in'),
  status: z.enum(['turned_in', 'late']).describe('late: turned in after the due date'),
  turnedInAt: z.string().describe('When it was turned in (ISO instant, UTC)'),
});
export type TeachingReviewItem = z.infer<typeof ZTeachingReviewItem>;

/** GET teaching/{personId}: the teacher's groups, what is due next and the review queue (oldest turn-in first). */
export const ZTeaching = z.object({
  groups: z.array(ZTeachingGroup).describe('Every group the person teaches (teacher, substitute teacher or group director of it), in name order'),
  upcoming: z.array(ZTeachingUpcoming).describe('Tasks due from now on, soonest first, at most 50'),
  toReview: z.array(ZTeachingReviewItem).describe('Oldest turn-in first, at most 200'),
});
export type Teaching = z.infer<typeof ZTeaching>;

/**
 * Body of POST nodes/{groupId}/classroom/posts publishing a saved draft of the caller's: its title,
 * description, type, settings and blocks as saved; its own audience is replaced by the group's.
 */
export const ZClassroomDraftPublish = z
  .object({
    draft: ZId.describe("A draft of the caller's (POST people/{me}/posts/drafts); anyone else's, or none: 404; already published: 409 `not_a_draft`"),
    kind: ZClassroomKind.describe('task (accepts turn-ins), material or announcement'),
    dueDate: ZInstant.nullable().default(null).describe("A task's due date (ISO 8601 with a zone); in the past: 400 `due_date_past`; only tasks"),
    points: z.number().int().min(1).max(MAX_TASK_POINTS).nullable().default(null).describe('Most points a grade may give (optional; only tasks)'),
    relatives: z.boolean().default(false).describe("Adds the students' parent-like relatives, as audience.relatives does"),
  })
  .strict();
export type ClassroomDraftPublish = z.infer<typeof ZClassroomDraftPublish>;

/** Body of POST nodes/{groupId}/classroom/posts: a whole post with the classroom fields, or `{draft, kind, dueDate, points, relatives}`. */
export const ZClassroomPublishRequest = z.union([ZClassroomDraftPublish, ZClassroomPostInput]);
export type ClassroomPublishRequest = z.infer<typeof ZClassroomPublishRequest>;

/** GET/PUT settings/classroom: the school's classroom rules. */
export const ZClassroomSettings = z
  .object({
    relativesTurnIn: z.boolean().describe("A student's approved parent-like relatives may save and turn in the student's work (default false: only the student)"),
  })
  .strict();
export type ClassroomSettings = z.infer<typeof ZClassroomSettings>;

/** Query of GET nodes/{id}/posts. */
export const ZNodePostsQuery = z.object({
  type: ZPostTypeKey.optional().describe('Only posts of this post type (spec §3 post types: circular, task, announcement…)'),
  kind: ZClassroomKind.optional().describe('Only classroom posts of the node of this kind'),
  before: ZIdText.optional().describe('The id of the last post of the page before: the page starts after it (older)'),
  limit: zQueryInteger(1, 100).default(20),
});
export type NodePostsQuery = z.infer<typeof ZNodePostsQuery>;

/** One post of GET nodes/{id}/posts. */
export const ZNodePost = z.object({
  id: z.number().int().describe('The post id (GET posts/{id} opens it for its readers)'),
  type: ZPostTypeKey.describe('Its post type'),
  kind: ZClassroomKind.nullable().describe('A classroom post of the node: its kind; otherwise null'),
  title: z.string(),
  author: ZPostAuthor,
  publishDate: z.string().describe('When it was published (ISO instant, UTC)'),
  dueDate: z.string().nullable().describe("A classroom task's due date; otherwise null"),
});
export type NodePost = z.infer<typeof ZNodePost>;
