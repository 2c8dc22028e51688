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

/** Largest WebSocket frame the server reads at all (ws would buffer up to 100 MiB by default). */
const MAX_FRAME_BYTES = 64 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** The live sockets of this app instance (modules/live). */
    live: LiveHub;
  }
}

/**
 * WebSocket support and the live hub of one app instance; call it on the root instance before the
 * school routes are registered (the WebSocket plugin only upgrades routes added after it).
 */
export async function registerLiveUpdates(app: FastifyInstance, settings: Partial<LiveSettings> = {}): Promise<LiveHub> {
  const services = app.patio;
  const hub = new LiveHub(
    { events: services.events, authenticate: (token, org) => authenticateLive(services, token, org), log: app.log },
    { ...defaultLiveSettings, ...settings },
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
  return hub;
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
