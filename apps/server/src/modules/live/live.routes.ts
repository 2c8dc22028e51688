import { LIVE_AUTH_TIMEOUT_MS, LIVE_MAX_TOPICS_PER_SOCKET, ZApiError } from '@patio/core';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paramsOf, routeOf } from '../../http/school-scope';
import { livePolicies } from './live.policy';
import { defaultLiveSettings } from './live.settings';

const protocol = [
  'A WebSocket (RFC 6455) that tells the signed-in person when their threads change, so open lists refresh without a reload,',
  'and carries the events of the topics they subscribe to (a bus route\'s positions).',
  `Open it, then send within ${LIVE_AUTH_TIMEOUT_MS / 1000} s the text message`,
  '`{"type":"auth","token":"<access token>"}`; or put the token in the address as `?access_token=<access token>` and send no auth',
  'message (the server keeps it out of its logs, but proxies on the way may not: browsers use the message).',
  'The token is checked exactly as a bearer token on any route of this school.',
  'The server answers `{"type":"ready","personId":<id>}`, then sends `{"type":"threads.changed","threadId":<id or null>}`',
  'whenever a thread of that person changes (a new post or reply, a move, read or unread): refetch the thread lists.',
  `\`{"type":"ping"}\` is answered with \`{"type":"pong"}\` (at most ${defaultLiveSettings.messagesPerMinute} messages a minute).`,
  'Topics: `{"subscribe":"transport/routes/<id>"}` is answered `{"type":"subscribed","topic":…}` and followed by',
  '`{"type":"position","route","target","position","etas"}` for each accepted position report and `{"type":"route.event","route","entry"}`',
  'for each entry of the route\'s log; a topic the caller may not see is answered',
  '`{"type":"error","topic":…,"error":"forbidden","message":…}` and sends nothing (also `unknown_topic`,',
  `\`too_many_topics\` beyond ${LIVE_MAX_TOPICS_PER_SOCKET} topics per socket, \`unavailable\`). \`{"unsubscribe":…}\` is answered \`{"type":"unsubscribed","topic":…}\`.`,
  'Subscriptions are checked again with the token (every 2 minutes): one no longer allowed ends with a `forbidden` error message.',
  'Messages sent after the token and before `ready` are answered after `ready`, in order.',
  'The server pings every 30 s and drops a socket that did not answer. Close codes (the reason is the error code):',
  '4400 bad_message (not JSON text of this protocol), 4401 invalid_token / token_expired / token_revoked (also while open),',
  '4403 wrong_school / registration_pending, 4408 auth_timeout,',
  `4429 too_many_connections (more than ${defaultLiveSettings.maxConnectionsPerPerson} per person) / too_many_messages,`,
  '1001 server_closing, 1013 busy. Reconnect with backoff after any close but 4401 and 4403 (and subscribe again). A plain GET answers 426.',
].join(' ');

/** GET live: the WebSocket of live updates (protocol above; decision 011). */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(livePolicies.connect),
    schema: {
      tags: ['live'],
      summary: 'Live updates (WebSocket)',
      description: protocol,
      security: [],
      params: paramsOf(livePolicies.connect),
      querystring: z.object({
        access_token: z.string().optional().describe('The access token, for clients that cannot send it as the first message; never logged by the server'),
      }),
      response: { 426: ZApiError.describe('Not a WebSocket upgrade request') },
    },
    handler: async (_request, reply) =>
      reply.code(426).header('upgrade', 'websocket').send({ error: 'upgrade_required', message: 'Open this address with a WebSocket client' }),
    wsHandler: (socket, request) => request.server.live.accept(socket, request.org, request.query.access_token),
  });
}
