import {
  ZClassroomCreated,
  ZClassroomGroup,
  ZClassroomPost,
  ZClassroomPostDetail,
  ZClassroomPostsQuery,
  ZClassroomPublishRequest,
  ZClassroomSettings,
  ZNodePost,
  ZNodePostsQuery,
  ZSubmission,
  ZSubmissionInput,
  ZSubmissionLine,
  ZSubmissionReview,
  ZTeaching,
} from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendDownload } from '../../http/download';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors, fileAnswer, mime } from '../../http/schemas';
import { SPREADSHEET_FILE_DOC, ZSpreadsheetExportQuery, requestedFormat } from '../../platform/spreadsheet/index';
import { POST_BODY_LIMIT } from '../posts/index';
import { classroomPolicies as p } from './classroom.policy';
import { exportGrades } from './classroom.grades';
import { listNodePosts } from './classroom.node-posts';
import { listGroupPosts, listGroups, publishClassroomPost, readGroupPost } from './classroom.service';
import { readClassroomSettings, updateClassroomSettings } from './classroom.settings';
import { readTeaching } from './classroom.teaching';
import { listSubmissions, reviewSubmission, saveSubmission } from './classroom.submissions';

/** Classroom posts and submissions under /api/{org}/ (issue 35; docs/decisions/031-classroom.md). */
export async function classroomRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['classroom'];
  const forPerson =
    "The person of the path (`id`), their parent-like relatives and administrators; anyone else 403. A person of no school of the caller's, or a group where the person is neither a teacher, a current student nor a parent-like relative of one, 404.";
  const managers = "The group's teachers (teacher, substitute teacher or group director of the node itself) and administrators.";

  r.route({
    ...routeOf(p.listGroups),
    schema: {
      tags,
      summary: "A person's classroom groups",
      description: `${forPerson} Every class (a node of a class type: class, group or course, with or without a suffix) and every other group with classroom posts where the person teaches, studies (a current enrollment) or is a parent-like relative of a student, in name order; never a bus route nor a group of an archived school year, with one role (teacher over student over relative). \`pending\`: for a student, their tasks not yet turned in (assigned or missing); for a relative, their children's; for a teacher, submissions turned in and not yet returned.`,
      params: paramsOf(p.listGroups),
      response: { 200: ZClassroomGroup.array(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => listGroups(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(p.listPosts),
    schema: {
      tags,
      summary: "A group's classroom posts",
      description: `${forPerson} The group's published classroom posts, newest first, \`kind\` filtering. For a student, each task carries their submission status; for a relative, their child's (the first by id when several children are in the group: \`people/{childId}/classroom/…\` tells them apart); otherwise \`submission\` is null. An assigned task past its due date reads \`missing\`.`,
      params: paramsOf(p.listPosts),
      querystring: ZClassroomPostsQuery,
      response: { 200: ZClassroomPost.array(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => listGroupPosts(contextOf(request), request.params.id, request.params.groupId, request.query.kind),
  });

  r.route({
    ...routeOf(p.readPost),
    schema: {
      tags,
      summary: 'A classroom post with the person’s submission',
      description: `${forPerson} A post of another group: 404. A task carries the student's submission (for a relative, their child's, read only); grade and feedback show once it is returned.`,
      params: paramsOf(p.readPost),
      response: { 200: ZClassroomPostDetail, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => readGroupPost(contextOf(request), request.params.id, request.params.groupId, request.params.postId),
  });

  r.route({
    ...routeOf(p.submit),
    schema: {
      tags,
      summary: 'Save or turn in work on a task',
      description:
        "The student of the path, and their approved parent-like relatives where the school allows it (settings/classroom `relativesTurnIn`; off by default: relatives 403); anyone else 403. The group must be one the student studies in and the post one of its tasks (404; a material or announcement 400 `not_a_task`). `files` are ids of the student's own uploads (people/{id}/uploads), or a relative's own when a relative turns in (any other 400 `invalid_files`). `turnIn: true` turns the work in: `late` after the due date, else `turned_in`; `turnIn: false` keeps it as work in progress and takes back a turn-in (a returned task stays returned until turned in again). Text over 20,000 characters or holding NUL: 400. One submission per student and task, whatever runs in parallel; every change is kept in its history with who made it. Answers the submission.",
      params: paramsOf(p.submit),
      body: ZSubmissionInput,
      response: { 200: ZSubmission, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => saveSubmission(contextOf(request), request.params.id, request.params.groupId, request.params.postId, request.body),
  });

  r.route({
    ...routeOf(p.publish),
    bodyLimit: POST_BODY_LIMIT,
    schema: {
      tags,
      summary: 'Publish a classroom post to a group',
      description: `${managers} Anyone else, and a node the school does not have, 404. The body is a post as POST people/{me}/posts/sent takes it plus \`kind\`, \`dueDate\` and \`points\` — or \`{draft, kind, dueDate, points, relatives}\`, which publishes a saved draft of the caller's in place (same id, its blocks with it; its own audience is replaced by the group's; \`relatives\` as \`audience.relatives\`): a draft of anyone else, or none, 404; one already published or scheduled 409 \`not_a_draft\` (of parallel publishes of one draft, one publishes); a draft with a calendar event 400 \`classroom_event\`, with quotes 400 \`classroom_quotes\`, with a future publish date 400 \`classroom_schedule\`. Either way it is published now to the group's students (with \`audience.relatives\`, their parent-like relatives too), through the same delivery: one post, a stub per recipient, notifications by its settings. \`audience.people\` and \`audience.rules\` must be left empty (400 \`classroom_audience\`); a future \`publishDate\` (400 \`classroom_schedule\`), an \`event\` (400 \`classroom_event\`) and \`quotes\` (400 \`classroom_quotes\`) are not taken. Only a task has \`dueDate\` and \`points\` (400 \`not_a_task\`); a due date not in the future: 400 \`due_date_past\`. The description is sanitised; over 1,000,000 bytes is 413. Everything is written in one transaction, or nothing.`,
      params: paramsOf(p.publish),
      body: ZClassroomPublishRequest,
      response: { 201: ZClassroomCreated, ...errors(400, 401, 403, 404, 409, 413) },
    },
    handler: async (request, reply) => reply.code(201).send(await publishClassroomPost(contextOf(request), request.params.id, request.body)),
  });

  r.route({
    ...routeOf(p.listSubmissions),
    schema: {
      tags,
      summary: "A task's submissions",
      description: `${managers} A reader of the post 403; anyone else, and a post that is no classroom post, 404; a material or announcement 400 \`not_a_task\`. Every current student of the group, in name order, with status (an assigned task past its due date reads \`missing\`), when turned in and returned, grade, feedback, text and files.`,
      params: paramsOf(p.listSubmissions),
      response: { 200: ZSubmissionLine.array(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => listSubmissions(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(p.review),
    schema: {
      tags,
      summary: 'Grade a submission and return it',
      description: `${managers} A reader of the post 403; anyone else 404; a student who is not a current student of the group 404. \`grade\` from 0 to the task's points (above: 400 \`grade_out_of_range\`; a task without points: 400 \`no_points\`); \`feedback\` at most 5,000 characters. \`return: true\` returns it (status \`returned\`: the student then sees grade and feedback); \`false\` only saves them. Every change is kept in the submission's history. Answers the submission as the teachers see it.`,
      params: paramsOf(p.review),
      body: ZSubmissionReview,
      response: { 200: ZSubmission, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => reviewSubmission(contextOf(request), request.params.id, request.params.studentId, request.body),
  });

  r.route({
    ...routeOf(p.teaching),
    schema: {
      tags,
      summary: "A teacher's dashboard",
      description:
        "The person themself when they teach a group (teacher, substitute teacher or group director of it), and administrators (who see that person's groups); anyone else, and a person who teaches nothing reading themself, 403; a person of no school of the caller's 404. A person who teaches nothing answers empty lists. `groups`: every group they teach, in name order, with its current students, published tasks, submissions waiting for review (turned in or late, not returned), completion (of the tasks already due, the share of (task, current student) pairs turned in, late or returned; the rest are missing, which is never stored) and the next due date. `upcoming`: tasks due from now on, soonest first, at most 50, with how many current students handed them in. `toReview`: submissions turned in or late and not yet returned, oldest turn-in first, at most 200. Counted in SQL: the same few queries for any number of groups and students.",
      params: paramsOf(p.teaching),
      response: { 200: ZTeaching, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => readTeaching(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(p.grades),
    schema: {
      tags,
      summary: "A group's gradebook as a CSV or XLSX file",
      description: `${managers} Anyone else, and a node the school does not have, 404. One row per current student of the group, in name order, with the name columns of the members export (first names, last name, second last name); one column per published task, soonest due first (tasks without a due date last), titled with the task's title and due date (the day in the school's time zone). A cell holds the grade when there is one (a number), else the status of the work in the file's language: assigned, turned in, late, returned, or missing (an assigned task past its due date). \`lang\` picks the language of titles and statuses (default: the caller's interface language, else the school's); \`delimiter\` overrides the CSV delimiter of that language. ${SPREADSHEET_FILE_DOC}`,
      params: paramsOf(p.grades),
      querystring: ZSpreadsheetExportQuery,
      response: { 200: fileAnswer('CSV, or XLSX with format=xlsx', mime.csv, mime.xlsx), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const format = requestedFormat(request.query.format, request.headers.accept);
      const file = await exportGrades(contextOf(request), request.params.id, request.query, format);
      return sendDownload(reply, { ...file, fallbackName: `grades.${format}` });
    },
  });

  r.route({
    ...routeOf(p.nodePosts),
    schema: {
      tags,
      summary: 'Posts addressed to a node',
      description:
        "Anyone of the school; another school's or an unknown node 404. The published posts addressed to the node, newest first (publish date, then id): its classroom posts, and posts whose audience rules name it (a rule on `node`, `familiesOf`, `employeeGroup` or `transportRoute` with `eq` and the node's id, anywhere in the rule but under a `not`; posts sent to chosen people are not addressed to a node, nor are replies). `type` keeps one post type; `kind` keeps the node's classroom posts of one kind (`task` and `announcement` are also post types: `type` filters posts by type, `kind` classroom posts by kind). The node's teachers (teacher, substitute teacher or group director of it) and administrators get every such post; anyone else only those they may read (their own and those addressed to them). Pages: `limit` (default 20, at most 100) posts; the next page passes the last id as `before` (an id that is no published post 400 `invalid_cursor`); fewer than `limit` means the end. Each post: id, type, title, author, publish date, and for a classroom post of the node its kind and due date.",
      params: paramsOf(p.nodePosts),
      querystring: ZNodePostsQuery,
      response: { 200: ZNodePost.array(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => listNodePosts(contextOf(request), request.params.id, request.query),
  });

  r.route({
    ...routeOf(p.readSettings),
    schema: {
      tags,
      summary: "The school's classroom settings",
      description: "Everyone of the school (a family's screen needs to know whether to offer turning in). `relativesTurnIn` (default false): a student's approved parent-like relatives may save and turn in the student's work.",
      params: paramsOf(p.readSettings),
      response: { 200: ZClassroomSettings, ...errors(401, 403, 404) },
    },
    handler: async (request) => readClassroomSettings(contextOf(request)),
  });

  r.route({
    ...routeOf(p.updateSettings),
    schema: {
      tags,
      summary: "Change the school's classroom settings",
      description:
        "Administrators only. `relativesTurnIn: true` lets a student's approved parent-like relatives save and turn in the student's work (the submission's history records who did); `false` (the default) keeps turning in to the students, relatives 403. Other settings of the school stay as they are. Answers the settings.",
      params: paramsOf(p.updateSettings),
      body: ZClassroomSettings,
      response: { 200: ZClassroomSettings, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => updateClassroomSettings(contextOf(request), request.body),
  });
}
