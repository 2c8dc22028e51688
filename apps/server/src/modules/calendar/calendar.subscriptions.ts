import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CalendarSubscription } from '@patio/core';
import type { AppConfig } from '../../config';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { findCaller } from '../people/index';
import { timeZoneOf } from '../settings/index';
import { classroomIcsDueDates } from './calendar.classroom';
import { renderIcs } from './calendar.ics';
import { findCalendarReach } from './calendar.reach';
import { deleteSubscription, findSubscriptionById, findSubscriptionOf, type SubscriptionRow, upsertSubscription } from './calendar.subscriptions.queries';
import { untitledFor } from './calendar.title';
import { eventsForCaller } from './calendar.window';

// A person's private subscription address (issue 11 §2): calendar apps poll it without a token, so
// the address itself is the credential. Its secret is `{subscriptionId}-{HMAC(key, org:id:nonce)}`
// with a key derived like the signed file addresses' (decision 012) under its own label: nothing but
// the nonce is stored, the address can be shown again, and a new nonce (reset) or no row (revoke)
// ends the old one at once. It holds the person's events of every feed they keep on, each once with
// its repetition, from 90 days ago to 400 days ahead, and the classroom's due dates in that span
// (issue 35) unless the person switched that feed off.

const PAST_DAYS = 90;
const FUTURE_DAYS = 400;
/** Calendar apps are told to come back after an hour; caches may keep an answer 15 minutes. */
const REFRESH_SECONDS = 3600;
export const SUBSCRIPTION_CACHE_CONTROL = 'private, max-age=900';

const keys = new WeakMap<object, Buffer>();
type SigningConfig = Pick<AppConfig, 'jwtSecret' | 'fileUrlSecret'>;

function subscriptionKey(config: SigningConfig): Buffer {
  let key = keys.get(config);
  if (!key) {
    key = createHmac('sha256', config.fileUrlSecret ?? config.jwtSecret).update('patio calendar subscriptions v1').digest();
    keys.set(config, key);
  }
  return key;
}

function macOf(config: SigningConfig, orgId: number, row: Pick<SubscriptionRow, 'id' | 'nonce'>): Buffer {
  return createHmac('sha256', subscriptionKey(config)).update(`${orgId}:${row.id}:${row.nonce}`).digest();
}

/** The secret of a subscription row: its id and the HMAC of school, id and nonce. */
export function subscriptionSecret(config: SigningConfig, orgId: number, row: Pick<SubscriptionRow, 'id' | 'nonce'>): string {
  return `${row.id}-${macOf(config, orgId, row).toString('base64url')}`;
}

const secretFile = /^([1-9][0-9]{0,9})-([A-Za-z0-9_-]{43})\.ics$/;

/** `webcal://{host}/api/{org}/calendar/subscriptions/{secret}.ics` (calendar apps subscribe to webcal addresses). */
function addressOf(ctx: RequestContext, row: SubscriptionRow): string {
  const base = ctx.origin.replace(/^https?:\/\//i, 'webcal://');
  return `${base}/api/${ctx.org.code}/calendar/subscriptions/${subscriptionSecret(ctx.services.config, ctx.org.id, row)}.ics`;
}

function toSubscription(ctx: RequestContext, row: SubscriptionRow | null): CalendarSubscription {
  return row === null ? { url: null, createdAt: null } : { url: addressOf(ctx, row), createdAt: row.created_at };
}

/** GET people/{me}/calendar/subscription. */
export async function getSubscription(ctx: RequestContext): Promise<CalendarSubscription> {
  const caller = requireCaller(ctx);
  return toSubscription(ctx, await findSubscriptionOf(ctx.db, ctx.org.id, caller.id));
}

/** POST people/{me}/calendar/subscription: a new address; the previous one, if any, stops working. */
export async function createSubscription(ctx: RequestContext): Promise<CalendarSubscription> {
  const caller = requireCaller(ctx);
  const row = await upsertSubscription(ctx.db, ctx.org.id, caller.id, randomBytes(32).toString('base64url'), new Date().toISOString());
  return toSubscription(ctx, row);
}

/** DELETE people/{me}/calendar/subscription. */
export async function revokeSubscription(ctx: RequestContext): Promise<void> {
  const caller = requireCaller(ctx);
  await deleteSubscription(ctx.db, ctx.org.id, caller.id);
}

const unknownAddress = () => notFound('There is no such calendar address (it may have been reset or revoked)');

/**
 * GET calendar/subscriptions/{secret}.ics, without a token: the ICS file of the address's person.
 * Unknown, reset and revoked addresses, and people who are no longer approved, are 404 alike.
 */
export async function readSubscription(ctx: RequestContext, file: string): Promise<string> {
  const match = secretFile.exec(file);
  const id = Number(match?.[1]);
  if (!match || id > 2_147_483_647) throw unknownAddress();
  const row = await findSubscriptionById(ctx.db, ctx.org.id, id);
  if (!row) throw unknownAddress();
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = macOf(ctx.services.config, ctx.org.id, row);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw unknownAddress();

  const person = await findCaller(ctx.db, ctx.org.id, row.person_id);
  if (!person || !(await findCalendarReach(ctx.db, person)).approved) throw unknownAddress();
  const now = Math.floor(Date.now() / 1000);
  const window = { from: now - PAST_DAYS * 86_400, to: now + FUTURE_DAYS * 86_400 };
  const untitled = await untitledFor(ctx.db, person);
  const events = await eventsForCaller(ctx.db, person, { ...window, feeds: 'enabled' });
  const dueDates = await classroomIcsDueDates(ctx.db, person, window, timeZoneOf(ctx.org.settings), untitled);
  return renderIcs(
    events,
    { orgCode: ctx.org.code, webOrigin: ctx.origin, untitled, now: new Date() },
    { publish: true, name: ctx.org.title, refreshSeconds: REFRESH_SECONDS },
    dueDates,
  );
}
