import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppServices } from '../../http/context';
import { forbidden } from '../../http/errors';
import type { Caller, Org } from '../../policy/policy';
import { evaluatePolicy } from '../../policy/registry';
import { LIVE_CLOSE } from '@patio/core';
import { LiveHub } from './live.hub';
import { livePolicies } from './live.policy';
import { defaultLiveSettings, type LiveSettings } from './live.settings';
import type { LiveTopic } from './live-topics';

/** Largest WebSocket frame the server reads at all (ws would buffer up to 100 MiB by default). */
const MAX_FRAME_BYTES = 64 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** The live sockets of this app instance (modules/live). */
    live: LiveHub;
  }
}

export interface LiveOptions {
  /** The topics a socket may subscribe to (each area that offers one exports its LiveTopic). */
  topics?: readonly LiveTopic[];
  settings?: Partial<LiveSettings>;
}

/**
 * WebSocket support and the live hub of one app instance; call it on the root instance before the
 * school routes are registered (the WebSocket plugin only upgrades routes added after it).
 */
export async function registerLiveUpdates(app: FastifyInstance, options: LiveOptions = {}): Promise<LiveHub> {
  const services = app.patio;
  const hub = new LiveHub(
    { events: services.events, db: services.db, authenticate: (token, org) => authenticateLive(services, token, org), log: app.log },
    { ...defaultLiveSettings, ...options.settings },
    options.topics,
  );
  app.decorate('live', hub);
  // Before the plugin's own preClose, which would close the sockets without saying why.
  app.addHook('preClose', async () => {
    hub.close();
    await closeSockets(app.websocketServer.clients, hub.settings.closeGraceMs);
  });
  await app.register(websocket, {
    options: { maxPayload: MAX_FRAME_BYTES },
    // A client that vanished mid-frame is routine on phones, not a server error.
    errorHandler: (err, socket, request) => {
      request.log.debug({ err }, 'live socket failed');
      socket.terminate();
    },
  });
  // After the plugin, whose own hooks mark an upgrade request (`request.ws`) and end its socket once answered.
  refuseUpgradesOutsideSocketRoutes(app);
  return hub;
}

/**
 * A WebSocket upgrade to an address without a WebSocket handler is answered 404 over HTTP, before its
 * route runs. Otherwise the WebSocket plugin would accept it, close it and log its whole URL at info,
 * with a token in its query (`access_token`) that a confused client sent to the wrong address.
 */
function refuseUpgradesOutsideSocketRoutes(app: FastifyInstance): void {
  const socketRoutes = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (route.wsHandler || route.websocket) socketRoutes.add(route.url);
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!request.ws || request.is404) return;
    if (socketRoutes.has(request.routeOptions.url ?? '')) return;
    return reply.code(404).send({ error: 'not_found', message: 'There is no WebSocket endpoint at this address' });
  });
}

/** The caller behind a token sent on the live socket, refused exactly as a bearer token on an HTTP route. */
async function authenticateLive(services: AppServices, token: string, org: Org): Promise<Caller> {
  const caller = await services.callers.authenticate(token, org, livePolicies.receive);
  if (!(await evaluatePolicy(livePolicies.receive, { caller, org, params: {}, db: services.db }))) throw forbidden();
  return caller;
}

/** Says "going away" to every socket and cuts the ones that have not finished closing after `graceMs`. */
async function closeSockets(sockets: Set<WebSocket>, graceMs: number): Promise<void> {
  const open = [...sockets].filter((socket) => socket.readyState !== socket.CLOSED);
  if (open.length === 0) return;
  const closed = open.map((socket) => new Promise<void>((resolve) => socket.once('close', () => resolve())));
  for (const socket of open) if (socket.readyState === socket.OPEN) socket.close(LIVE_CLOSE.goingAway, 'server_closing');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
  await Promise.race([Promise.all(closed), late]);
  clearTimeout(timer);
  for (const socket of open) if (socket.readyState !== socket.CLOSED) socket.terminate();
}
