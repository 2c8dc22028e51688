import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { bytesResponses, ZBytesQuery } from '../files/index';
import { classroomPolicies as p } from './classroom.policy';
import { sendSubmissionFile } from './classroom.files';

/** A submission's files under /api/{org}/ (issue 35 §3: who sees a submission sees its files). */
export async function submissionFileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(p.submissionFile),
    // Streamed as stored, like the uploads folder's bytes: compressing would break Range and Content-Length.
    compress: false,
    schema: {
      tags: ['classroom'],
      summary: 'The bytes of a file of a submission',
      description:
        "The student of the path, their approved parent-like relatives, the teachers of the task's group (teacher, substitute teacher or group director of it) and administrators; anyone else, a post that is no classroom post, a submission that does not hold the file (another upload of the student's, a file of another task) and a file since deleted: 404. The `url` of each file of a submission points here. Served as the uploads folder serves it (people/{id}/uploads/{fileId}): its Content-Type, nosniff, a sandboxing Content-Security-Policy, markup and script types (HTML, SVG, XML…) only as an `application/octet-stream` attachment, `download=1` as an attachment, a single Range answered 206.",
      params: paramsOf(p.submissionFile),
      querystring: ZBytesQuery,
      response: { ...bytesResponses, ...errors(400, 401, 403, 404, 416) },
    },
    handler: async (request, reply) => {
      const { id: postId, studentId, fileId } = request.params;
      return sendSubmissionFile(contextOf(request), request, reply, { postId, studentId, fileId }, request.query.download === '1');
    },
  });
}
