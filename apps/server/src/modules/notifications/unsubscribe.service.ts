import type { NotificationSettings } from '@patio/core';
import type { AppConfig } from '../../config';
import type { RequestContext } from '../../http/context';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { linkOrigin } from '../../http/origin';
import { schoolLanguageOf } from '../settings/index';
import { dropPendingEmails, findAddressees } from './deliveries.queries';
import { settingsLink } from './notice.render';
import { findSettings, saveSettings } from './settings.queries';
import { checkUnsubscribeToken, unsubscribeToken } from './unsubscribe.token';

// One-click unsubscribe (RFC 2369 List-Unsubscribe, RFC 8058 List-Unsubscribe-Post) for the mails a
// person gets because their email channel is on: notifications, digests, personal notices.

/** The path, under /api/{school}/, a link points at (notifications.policy.ts declares the same). */
const UNSUBSCRIBE_PATH = 'notifications/unsubscribe';

/** The header fields of a mail to `personId` that turn their email channel off in one click. */
export function unsubscribeHeaders(config: AppConfig, org: { id: number; code: string }, personId: number): Record<string, string> {
  const token = unsubscribeToken(config, org.id, personId, 'email');
  const url = `${linkOrigin(config)}/api/${encodeURIComponent(org.code)}/${UNSUBSCRIBE_PATH}?token=${token}`;
  // Only the https link: there is no mailbox that could act on a mailto: request (RFC 8058 needs only this one).
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** Who a token names, or the error it deserves: malformed or expired 400, forged or another school's 403, a person gone 404. */
async function personOf(ctx: RequestContext, token: string) {
  const check = checkUnsubscribeToken(ctx.services.config, ctx.org.id, token);
  if (!check.ok) {
    if (check.reason === 'malformed') throw badRequest('invalid_token', 'This unsubscribe link is not valid');
    if (check.reason === 'expired') throw badRequest('token_expired', 'This unsubscribe link has expired; turn emails off in Settings → Notifications');
    throw forbidden('invalid_token', 'This unsubscribe link is not valid for this school');
  }
  const person = (await findAddressees(ctx.db, ctx.org.id, [check.personId])).get(check.personId);
  if (!person) throw notFound('This person no longer exists');
  return { id: check.personId, channel: check.channel, language: person.language || schoolLanguageOf(ctx.org.settings) };
}

/** The email channel off, with every per-type exception that would still let an email through. */
function withoutEmail(settings: NotificationSettings): NotificationSettings {
  const types = Object.fromEntries(
    Object.entries(settings.types).map(([type, channels]) => {
      const { email: _email, ...rest } = channels ?? {};
      return [type, rest];
    }),
  );
  return { ...settings, channels: { ...settings.channels, email: false }, types };
}

export interface UnsubscribeAnswer {
  school: string;
  /** The person's language, else the school's: the page speaks it. */
  language: string;
  settingsLink: string;
}

/** Checks the token and says whom it names, changing nothing (GET: scanners open links). */
export async function readUnsubscribe(ctx: RequestContext, token: string): Promise<UnsubscribeAnswer> {
  const person = await personOf(ctx, token);
  return { school: ctx.org.title, language: person.language, settingsLink: settingsLink({ base: linkOrigin(ctx.services.config) }) };
}

/**
 * Turns the email channel of the token's person off and drops the emails still waiting for them.
 * Idempotent: a second click (or twenty at once) writes the same settings again.
 */
export async function applyUnsubscribe(ctx: RequestContext, token: string): Promise<UnsubscribeAnswer> {
  const person = await personOf(ctx, token);
  const settings = await findSettings(ctx.db, ctx.org.id, person.id);
  await saveSettings(ctx.db, ctx.org.id, person.id, withoutEmail(settings));
  await dropPendingEmails(ctx.db, ctx.org.id, person.id);
  return { school: ctx.org.title, language: person.language, settingsLink: settingsLink({ base: linkOrigin(ctx.services.config) }) };
}
