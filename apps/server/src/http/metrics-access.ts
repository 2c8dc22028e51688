import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

// Who may read GET /metrics: a caller with METRICS_TOKEN as its bearer token, or a caller on the
// server's own machine (a Prometheus or node exporter beside it).

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

/**
 * Whether the request comes from this machine itself: its socket is loopback, and so is the client.
 * With TRUST_PROXY, the client is request.ip, the one the trusted proxies name: a request from the
 * internet through a proxy on this machine is not loopback although its socket is, and a forged
 * X-Forwarded-For sent straight from the internet (TRUST_PROXY as a hop count trusts any peer) fails
 * on its socket. Without TRUST_PROXY, a request that says it was forwarded (X-Forwarded-For, Forwarded,
 * X-Real-IP) came through a proxy that may sit on this machine, and is not loopback either.
 */
export function comesFromLoopback(request: FastifyRequest, trustProxy: boolean): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  if (trustProxy) return isLoopbackAddress(request.ip);
  const headers = request.headers;
  return headers['x-forwarded-for'] === undefined && headers.forwarded === undefined && headers['x-real-ip'] === undefined;
}

/** `Authorization: Bearer <token>` with exactly `token`, compared in constant time (digests of equal length). */
export function hasBearerToken(header: string | undefined, token: string | undefined): boolean {
  if (!token || typeof header !== 'string') return false;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  if (!match) return false;
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}
