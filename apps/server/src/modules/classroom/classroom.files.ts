import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { personFolder, sendFolderFile } from '../files/index';
import { findUploadOwner } from './classroom.files.queries';
import { findClassroomPost, findSubmissions } from './classroom.queries';

// A submission's files for those who read the submission (issue 35 §3): the files are uploads of the
// student's (or of the relative who turned the work in), which their uploads folder serves to their
// owner alone; this path serves them, as that folder does, to whoever may read the submission.

/** Where a reader of the submission opens one of its files, relative to the school's API base. */
export function submissionFilePath(postId: number, studentId: number, fileId: number): string {
  return `posts/${postId}/submissions/${studentId}/files/${fileId}`;
}

const noSuchFile = () => notFound('There is no such file in this submission');

/**
 * GET posts/{postId}/submissions/{studentId}/files/{fileId} (who may: classroom.policy.ts). Only a file
 * the submission holds now; one since deleted, or whose bytes are gone, is 404 like any missing file.
 */
export async function sendSubmissionFile(
  ctx: RequestContext,
  request: FastifyRequest,
  reply: FastifyReply,
  ids: { postId: number; studentId: number; fileId: number },
  download: boolean,
): Promise<FastifyReply> {
  const task = await findClassroomPost(ctx.db, ctx.org.id, ids.postId);
  const [submission] = task ? await findSubmissions(ctx.db, ctx.org.id, [task.id], [ids.studentId]) : [];
  if (!submission || !(JSON.parse(submission.files) as number[]).includes(ids.fileId)) throw noSuchFile();
  const owner = await findUploadOwner(ctx.db, ctx.org.id, ids.fileId);
  if (owner === null) throw noSuchFile();
  return sendFolderFile(ctx, request, reply, personFolder(owner), ids.fileId, download);
}
