import {
  ZClassroomCreated,
  ZClassroomGroup,
  ZClassroomPost,
  ZClassroomPostDetail,
  ZClassroomPostInput,
  ZClassroomPostsQuery,
  ZSubmission,
  ZSubmissionInput,
  ZSubmissionLine,
  ZSubmissionReview,
} from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { POST_BODY_LIMIT } from '../posts/index';
import { classroomPolicies as p } from './classroom.policy';
import { listGroupPosts, listGroups, publishClassroomPost, readGroupPost } from './classroom.service';
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
      description: `${forPerson} Every group where the person teaches, studies (a current enrollment) or is a parent-like relative of a student, in name order, with one role (teacher over student over relative). \`pending\`: for a student, their tasks not yet turned in (assigned or missing); for a relative, their children's; for a teacher, submissions turned in and not yet returned.`,
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
        "Only the student of the path (anyone else 403; relatives do not turn work in). The group must be one the student studies in and the post one of its tasks (404; a material or announcement 400 `not_a_task`). `files` are ids of the student's own uploads (people/{id}/uploads; any other 400 `invalid_files`). `turnIn: true` turns the work in: `late` after the due date, else `turned_in`; `turnIn: false` keeps it as work in progress and takes back a turn-in (a returned task stays returned until turned in again). Text over 20,000 characters or holding NUL: 400. One submission per student and task, whatever runs in parallel; every change is kept in its history. Answers the submission.",
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
      description: `${managers} Anyone else, and a node the school does not have, 404. The body is a post as POST people/{me}/posts/sent takes it plus \`kind\`, \`dueDate\` and \`points\`; it is published now to the group's students (with \`audience.relatives\`, their parent-like relatives too), through the same delivery: one post, a stub per recipient, notifications by its settings. \`audience.people\` and \`audience.rules\` must be left empty (400 \`classroom_audience\`); a future \`publishDate\` (400 \`classroom_schedule\`), an \`event\` (400 \`classroom_event\`) and \`quotes\` (400 \`classroom_quotes\`) are not taken. Only a task has \`dueDate\` and \`points\` (400 \`not_a_task\`); a due date not in the future: 400 \`due_date_past\`. The description is sanitised; over 1,000,000 bytes is 413. Everything is written in one transaction, or nothing.`,
      params: paramsOf(p.publish),
      body: ZClassroomPostInput,
      response: { 201: ZClassroomCreated, ...errors(400, 401, 403, 404, 413) },
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
}
