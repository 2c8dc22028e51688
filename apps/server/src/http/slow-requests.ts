import { BlockList, isIPv4, Socket } from 'node:net';
import type { ServerOptions } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOAD_TIMEOUT_MS } from '@patio/core';
import type { AppConfig } from '../config';
import { writeRawAnswer } from './framework-errors';

// Slow clients (issue 29): a request has 30 s to arrive, headers and body, except on an upload route
// (one whose schema consumes multipart/form-data), which has the 20 minutes a large file needs (spec
// §9). One address may hold a bounded number of connections at once, so a few hundred slow sockets
// from one client cannot use up the server for everyone else.

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_CONNECTIONS_PER_IP = 256;

interface Limits {
  requestTimeoutMs: number;
  uploadTimeoutMs: number;
  maxConnectionsPerIp: number;
}

function limitsOf(config: AppConfig): Limits {
  const requestTimeoutMs = config.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  return {
    requestTimeoutMs,
    uploadTimeoutMs: Math.max(config.uploadTimeoutMs ?? UPLOAD_TIMEOUT_MS, requestTimeoutMs),
    maxConnectionsPerIp: config.maxConnectionsPerIp ?? DEFAULT_MAX_CONNECTIONS_PER_IP,
  };
}

/**
 * Node's own clocks: the whole request within the upload timeout (the outer bound), headers within the
 * request timeout, checked often enough that a short timeout is kept to within a quarter of itself.
 */
export function serverTimeoutOptions(config: AppConfig): { requestTimeout: number; http: ServerOptions } {
  const { requestTimeoutMs, uploadTimeoutMs } = limitsOf(config);
  const connectionsCheckingInterval = Math.min(5000, Math.max(100, Math.floor(requestTimeoutMs / 4)));
  return { requestTimeout: uploadTimeoutMs, http: { requestTimeout: uploadTimeoutMs, headersTimeout: requestTimeoutMs, connectionsCheckingInterval } };
}

const isUploadRoute = (request: FastifyRequest) => request.routeOptions.schema?.consumes?.includes('multipart/form-data') === true;
const hasBody = (request: FastifyRequest) => request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined;

const timeoutAnswer = { error: 'request_timeout', message: 'The request took too long to arrive' };
const tooManyAnswer = { error: 'too_many_connections', message: 'Too many connections from your address at once; try again shortly' };

/** Cuts a non-upload body that has not fully arrived within the request timeout, and caps connections per address. */
export function installSlowRequestGuards(app: FastifyInstance, config: AppConfig): void {
  const limits = limitsOf(config);
  app.addHook('onRequest', async (request, reply) => {
    // Upgrades (live sockets) have no body to wait for; uploads keep Node's longer clock; an injected
    // request (tests, app.inject) has no connection to cut.
    if (!hasBody(request) || request.headers.upgrade !== undefined || isUploadRoute(request) || !(request.raw.socket instanceof Socket)) return;
    const timer = setTimeout(() => {
      const { socket } = request.raw;
      if (request.raw.complete || socket.destroyed) return;
      if (reply.raw.headersSent) socket.destroy();
      else writeRawAnswer(socket, 408, timeoutAnswer);
    }, limits.requestTimeoutMs);
    timer.unref();
    request.raw.once('close', () => clearTimeout(timer));
  });
  if (limits.maxConnectionsPerIp > 0) capConnectionsPerAddress(app, limits.maxConnectionsPerIp, config.trustProxy);
}

/** `::ffff:127.0.0.1` and `127.0.0.1` are one client. */
function clientAddress(socket: Socket): string | undefined {
  const address = socket.remoteAddress;
  return address?.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
}

function capConnectionsPerAddress(app: FastifyInstance, cap: number, trustProxy: AppConfig['trustProxy']): void {
  const isProxy = trustedProxy(trustProxy);
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const address = clientAddress(socket);
    // A trusted proxy carries many clients on its connections; it limits them itself.
    if (address === undefined || isProxy(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= cap) {
      writeRawAnswer(socket, 503, tooManyAnswer);
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

const namedRanges: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [['127.0.0.0', 8, 'ipv4'], ['::1', 128, 'ipv6']],
  linklocal: [['169.254.0.0', 16, 'ipv4'], ['fe80::', 10, 'ipv6']],
  uniquelocal: [['10.0.0.0', 8, 'ipv4'], ['172.16.0.0', 12, 'ipv4'], ['192.168.0.0', 16, 'ipv4'], ['fc00::', 7, 'ipv6']],
};

/**
 * TRUST_PROXY as a test of the connecting address: a hop count trusts whoever connects (the nearest
 * proxy), a list its addresses, CIDRs and named ranges (config.ts has checked their spelling).
 */
function trustedProxy(setting: AppConfig['trustProxy']): (address: string) => boolean {
  if (setting === undefined) return () => false;
  if (typeof setting === 'number') return () => setting > 0;
  const list = new BlockList();
  for (const entry of setting) {
    for (const [network, prefix, family] of namedRanges[entry] ?? []) list.addSubnet(network, prefix, family);
    if (namedRanges[entry]) continue;
    const [network, prefix] = entry.split('/');
    const family = isIPv4(network) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(network, family);
    else list.addSubnet(network, Number(prefix), family);
  }
  return (address) => list.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}
