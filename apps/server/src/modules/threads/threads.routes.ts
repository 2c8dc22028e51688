import { ZMessageType, ZPost, ZReplyRequest, ZThread, ZThreadIds, ZThreadsQuery, ZThreadSummary, ZThreadsUpdated } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { POST_BODY_LIMIT } from '../posts/index';
import { actOnThreads } from './actions.service';
import { listThreads } from './folders.service';
import { listMessageTypes } from './message-types.service';
import { postsReadRoutes } from './posts-read.routes';
import { replyToThread } from './reply.service';
import { getThread } from './thread.service';
import { threadsPolicies } from './threads.policy';

const ownBox = '`{id}` is the caller’s own person id: another person of the school is 403, an id of nobody here 404.';

export async function threadsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(threadsPolicies.listThreads),
    schema: {
      tags: ['threads'],
      summary: 'A folder of the caller’s threads',
      description:
        'The threads whose stubs the caller holds in `feed` (inbox), `archive` or `trash`, newest activity (latest ' +
        'delivery) first: the first post’s type, title, author and audience, the latest post the caller may read, ' +
        '`unread` and `unreadCount` (the caller’s unread stubs of it in this folder). Filters (spec §3): `q` words ' +
        'that must all appear in the title or description of one post of the thread the caller may read, `subject` ' +
        'text in the title, both without regard to case or accents; `sender` the first post’s author; `type` its type; `with` a person ' +
        'who wrote or received a post of the thread the caller may read (a recipient only where the caller wrote that post or its ' +
        'recipients are shown); `around` a day with `unit` ' +
        '(latest activity within one unit of it, UTC); `status`; `hidden` (spec §3 post types hidden from lists): the ' +
        'inbox leaves out threads of the types the school hides, `hidden=true` lists only those (Hidden messages), ' +
        'archive and trash list every type. Only the caller’s own stubs are read, so no filter ' +
        `tells anything of other people’s threads. The total is in \`X-Total-Count\`. ${ownBox}`,
      params: paramsOf(threadsPolicies.listThreads),
      querystring: ZThreadsQuery,
      response: { 200: z.array(ZThreadSummary), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { items, total } = await listThreads(contextOf(request), request.params.folder, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  });

  r.route({
    ...routeOf(threadsPolicies.actOnThreads),
    schema: {
      tags: ['threads'],
      summary: 'Move or mark threads',
      description:
        '`feed`, `archive`, `trash` move every stub the caller holds of these threads to that folder; `read` marks ' +
        'them read; `unread` marks the latest stub of each thread unread. The body lists thread ids. All or nothing: ' +
        'an id that is not one of the caller’s threads is 404 `not_found` and nothing changes. Answers ' +
        `\`{updated}\`, the number of threads, and refreshes the caller’s other screens. ${ownBox}`,
      params: paramsOf(threadsPolicies.actOnThreads),
      body: ZThreadIds,
      response: { 200: ZThreadsUpdated, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => actOnThreads(contextOf(request), request.params.action, request.body),
  });

  r.route({
    ...routeOf(threadsPolicies.readThread),
    schema: {
      tags: ['threads'],
      summary: 'A thread',
      description:
        'The posts of the thread the caller may read, oldest first, as cards (quotes only those the caller may ' +
        'read), the caller’s folder of it (null without a stub: its author, or an administrator, who may open any ' +
        'thread of the school), whether they may reply and the first post’s reply setting. Opening it marks the ' +
        `caller’s stubs of it read. A thread the caller may not read is 404, as one that does not exist. ${ownBox}`,
      params: paramsOf(threadsPolicies.readThread),
      response: { 200: ZThread, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => getThread(contextOf(request), request.params.threadId),
  });

  r.route({
    ...routeOf(threadsPolicies.replyToThread),
    // As for composing: the description's own 413 decides, not the server-wide 1 MiB body limit.
    bodyLimit: POST_BODY_LIMIT,
    schema: {
      tags: ['threads'],
      summary: 'Reply in a thread',
      description:
        'A reader of the thread replies `{description}` (HTML, sanitised). The first post’s `replies` setting decides: ' +
        '`off` is 403 `replies_off`; `author` reaches only the first post’s author; `all` its recipients and author ' +
        '(never the replier). When the first post’s author replies, every recipient of the first post gets it. An ' +
        'expired first post is 409 `expired` ("the message is expired"); over 1,000,000 bytes is 413; nothing left ' +
        'after sanitising is 400 `empty_description`. The reply answers the latest post the caller has read, takes ' +
        'the thread’s type and title, and brings the caller’s own stubs of the thread back to the inbox. Answers the ' +
        `reply’s card. ${ownBox}`,
      params: paramsOf(threadsPolicies.replyToThread),
      body: ZReplyRequest,
      response: { 201: ZPost, ...errors(400, 401, 403, 404, 409, 413) },
    },
    handler: async (request, reply) => {
      const post = await replyToThread(contextOf(request), request.params.threadId, request.body.description);
      return reply.code(201).send(post);
    },
  });

  r.route({
    ...routeOf(threadsPolicies.listMessageTypes),
    schema: {
      tags: ['threads'],
      summary: 'Message types with unread counts',
      description:
        'The school’s visible post types in their order, named in the caller’s language, each with `unread`: the ' +
        'caller’s inbox threads of that type (by their first post) holding an unread stub. The total is in ' +
        `\`X-Total-Count\`. ${ownBox}`,
      params: paramsOf(threadsPolicies.listMessageTypes),
      response: { 200: z.array(ZMessageType), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const types = await listMessageTypes(contextOf(request));
      reply.header('x-total-count', String(types.length));
      return types;
    },
  });

  await app.register(postsReadRoutes);
}
