import { ZActionParams, ZFolderParams, ZThreadParams } from '@patio/core';
import { z } from 'zod';
import { notFound } from '../../http/errors';
import { definePolicy, type PolicyContext, zId } from '../../policy/policy';
import { canReadPost } from '../posts/index';
import { personExists } from '../people/index';

type ForPerson = PolicyContext<{ id: number }>;

/**
 * `people/{me}/…`: a person's own folders, threads and board, for that person only. Another person of
 * the school is 403; an id that is nobody of this school (another school's, say) is 404.
 */
async function isOwnBox({ caller, db, org, params }: ForPerson): Promise<boolean> {
  if (caller?.id === params.id) return true;
  if (!(await personExists(db, org.id, params.id))) throw notFound('There is no such person in this school');
  return false;
}

/** A post the caller may read (postAccess); any other id, of this school or not, is 404. */
async function readsPost({ caller, db, params }: ForPerson): Promise<boolean> {
  if (!(await canReadPost(db, caller!, params.id))) throw notFound('There is no such post, or it is not addressed to you');
  return true;
}

const byPerson = z.object({ id: zId });
const byPost = z.object({ id: zId });

export const threadsPolicies = {
  /** GET people/{me}/threads/{folder}: the caller's inbox, archive or trash. */
  listThreads: definePolicy({ method: 'GET', path: 'people/:id/threads/:folder', params: ZFolderParams, check: isOwnBox }),
  /** POST people/{me}/threads/{action}: moves or marks the caller's own threads. */
  actOnThreads: definePolicy({ method: 'POST', path: 'people/:id/threads/:action', params: ZActionParams, check: isOwnBox }),
  /** GET people/{me}/threads/feed/{threadId}: a thread the caller may read (the service answers 404 otherwise). */
  readThread: definePolicy({ method: 'GET', path: 'people/:id/threads/feed/:threadId', params: ZThreadParams, check: isOwnBox }),
  /** POST people/{me}/threads/feed/{threadId}: a reply by a reader of the thread, as its first post allows. */
  replyToThread: definePolicy({ method: 'POST', path: 'people/:id/threads/feed/:threadId', params: ZThreadParams, check: isOwnBox }),
  /** GET people/{me}/highlights: the caller's highlights board. */
  listHighlights: definePolicy({ method: 'GET', path: 'people/:id/highlights', params: byPerson, check: isOwnBox }),
  /** GET people/{me}/threads2/types: the message types with the caller's unread counts. */
  listMessageTypes: definePolicy({ method: 'GET', path: 'people/:id/threads2/types', params: byPerson, check: isOwnBox }),
  /** GET posts/{id}: readers of the post (its author, its recipients, administrators once published). */
  readPost: definePolicy({ method: 'GET', path: 'posts/:id', params: byPost, check: readsPost }),
  /** GET posts/{id}/trail: readers of the post; the trail itself stops at the first post they may not read. */
  readTrail: definePolicy({ method: 'GET', path: 'posts/:id/trail', params: byPost, check: readsPost }),
};
