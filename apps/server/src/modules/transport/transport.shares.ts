import { createHash, randomBytes } from 'node:crypto';
import type { SharedRoute } from '@patio/core';
import type { Database } from '../../db/database';
import type { RequestContext } from '../../http/context';
import { HttpError, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { findRoutes, findShare, insertShare } from './transport.queries';
import { noRoute, publicStops } from './transport.read';
import { epochOf } from './transport.records';

// Share links (issue 13 §2 "Share"): a rider's relative or staff hands someone without an account a
// read-only live map of the route until the link expires. The link holds 32 random bytes; only their
// SHA-256 is stored, so the table leaks no working link. The shared view has the route, its stops and
// the bus, never the riders or anyone's name.

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** POST transport/routes/{id}/shares: a new link valid `minutes` from now. */
export async function createShare(ctx: RequestContext, nodeId: number, minutes: number): Promise<{ url: string; expiresAt: number }> {
  const caller = requireCaller(ctx);
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  const expires = new Date(now + minutes * 60_000);
  await insertShare(ctx.db, ctx.org.id, { nodeId, tokenHash: hashOf(token), createdBy: caller.id, createdAt: new Date(now).toISOString(), expiresAt: expires.toISOString() });
  return { url: `${ctx.origin}/share/${encodeURIComponent(ctx.org.code)}/${token}`, expiresAt: Math.floor(expires.getTime() / 1000) };
}

export type ShareState = { state: 'valid'; nodeId: number; expiresAt: string } | { state: 'expired' } | { state: 'unknown' };

/** What a link is now: valid (with its route), expired, or unknown (also a malformed token). */
export async function shareStateOf(db: Database, orgId: number, token: string): Promise<ShareState> {
  if (!TOKEN.test(token)) return { state: 'unknown' };
  const share = await findShare(db, orgId, hashOf(token));
  if (!share) return { state: 'unknown' };
  if (Date.parse(share.expires_at) <= Date.now()) return { state: 'expired' };
  return { state: 'valid', nodeId: share.node_id, expiresAt: share.expires_at };
}

const expired = () => new HttpError(410, 'share_expired', 'This link to the bus has expired: ask for a new one');
const unknown = () => notFound('There is no such link to a bus');

/** GET transport/shares/{token}: the shared route, live; 410 share_expired after it expires, 404 for a link that never was. */
export async function readShare(ctx: RequestContext, token: string): Promise<SharedRoute> {
  const share = await shareStateOf(ctx.db, ctx.org.id, token);
  if (share.state === 'expired') throw expired();
  if (share.state === 'unknown') throw unknown();
  const [route] = await findRoutes(ctx.db, ctx.org.id, [share.nodeId]);
  if (!route) throw noRoute();
  const view = await publicStops(ctx.db, ctx.org.id, route);
  return { routeId: route.id, name: route.name, stops: view.stops, running: view.running, lastPosition: view.lastPosition, expiresAt: epochOf(share.expiresAt) };
}
