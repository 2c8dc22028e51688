import { LIVE_AUTH_TIMEOUT_MS, ZApiError } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paramsOf, routeOf } from '../../http/school-scope';
import { livePolicies } from './live.policy';
import { defaultLiveSettings } from './live.settings';

const protocol = [
  'A WebSocket (RFC 6455) that tells the signed-in person when their threads change, so open lists refresh without a reload.',
  `Open it with no token in the URL or headers, then send within ${LIVE_AUTH_TIMEOUT_MS / 1000} s the text message`,
  '`{"type":"auth","token":"<access token>"}`; the token is checked exactly as a bearer token on any route of this school.',
  'The server answers `{"type":"ready","personId":<id>}`, then sends `{"type":"threads.changed","threadId":<id or null>}`',
  'whenever a thread of that person changes (a new post or reply, a move, read or unread): refetch the thread lists.',
  `\`{"type":"ping"}\` is answered with \`{"type":"pong"}\` (at most ${defaultLiveSettings.messagesPerMinute} messages a minute).`,
  'The server pings every 30 s and drops a socket that did not answer. Close codes (the reason is the error code):',
  '4400 bad_message (not JSON text of this protocol), 4401 invalid_token / token_expired / token_revoked (also while open),',
  '4403 wrong_school / registration_pending, 4408 auth_timeout,',
  `4429 too_many_connections (more than ${defaultLiveSettings.maxConnectionsPerPerson} per person) / too_many_messages,`,
  '1001 server_closing, 1013 busy. Reconnect with backoff after any close but 4401 and 4403. A plain GET answers 426.',
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
      response: { 426: ZApiError.describe('Not a WebSocket upgrade request') },
    },
    handler: async (_request, reply) =>
      reply.code(426).header('upgrade', 'websocket').send({ error: 'upgrade_required', message: 'Open this address with a WebSocket client' }),
    wsHandler: (socket, request) => request.server.live.accept(socket, request.org),
  });
}
