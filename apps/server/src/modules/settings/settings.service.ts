import type { Settings } from '@patio/core';
import { isTimeZone } from '@patio/core/calendar/times';
import type { RequestContext } from '../../http/context';
import { badRequest } from '../../http/errors';
import type { Org } from '../../policy/policy';
import { findOrgByCode, updateOrgSettings } from '../org/index';
import type { OidcDefaults } from '../../oidc-config';
import { availableSignInProviders } from './sign-in-providers';
import { LEGACY_HOST_KEY, legacyHostOf, storedLegacyHost } from './legacy-host';
import { allowsSignInByEmail, SIGN_IN_BY_EMAIL_KEY } from './sign-in-by-email';
import { TIME_ZONE_KEY, timeZoneOf } from './time-zone';
import { schoolColorOf } from './school-color';
import { absoluteLogo } from './appearance.logo';
import { schoolLanguageOf } from './school-language';
import { offersSignInLink } from './sign-in-link-setting';

/**
 * How a school's settings are stored (orgs.settings JSON):
 * { color?, public?: {free key-values shown to everyone, e.g. currencyPostfix, tuCompra},
 *   signIn?: { google?, office?, apple? } (sign-in-providers.ts: the server's OIDC_* clients serve schools without their own),
 *   signInByEmail?: true, legacyHost?: 'https://…', timeZone?: 'Europe/Madrid',
 *   language?: 'en' (school default), signInLink?: false (no mailed sign-in links) }
 * Only `public`, the colour and which providers exist leave the server; client secrets never do.
 */
export function publicSettings(org: Org, oidc?: OidcDefaults, origin = ''): Settings {
  const stored = org.settings;
  const pub = isRecord(stored.public) ? stored.public : {};
  return {
    ...pub,
    title: org.title,
    color: schoolColorOf(stored),
    logo: absoluteLogo(org.logo, origin),
    language: schoolLanguageOf(stored),
    signIn: availableSignInProviders(stored, oidc),
    signInByEmail: allowsSignInByEmail(stored),
    signInLink: offersSignInLink(stored),
    legacyHost: legacyHostOf(stored),
    timeZone: timeZoneOf(stored),
  };
}

/** PUT settings/sign-in: turns sign-in by email on or off; answers the public settings as they are now. */
export async function updateSignInSettings(ctx: RequestContext, change: { signInByEmail: boolean }): Promise<Settings> {
  return changeSettings(ctx, (settings) => ({ ...settings, [SIGN_IN_BY_EMAIL_KEY]: change.signInByEmail }));
}

/** PUT settings/legacy-host: sets (or, with null, forgets) the legacy modules' host; answers the public settings. */
export async function updateLegacyHost(ctx: RequestContext, change: { legacyHost: string | null }): Promise<Settings> {
  const host = storedLegacyHost(change.legacyHost);
  return changeSettings(ctx, (settings) => {
    const next: Record<string, unknown> = { ...settings, [LEGACY_HOST_KEY]: host };
    if (host === null) delete next[LEGACY_HOST_KEY];
    return next;
  });
}

/**
 * PUT settings/time-zone: sets the school's IANA zone (400 `invalid_time_zone` for a name this server
 * does not know). Events already written keep the zone they were written in; answers `{timeZone}`.
 */
export async function updateTimeZone(ctx: RequestContext, change: { timeZone: string }): Promise<{ timeZone: string }> {
  const timeZone = change.timeZone.trim();
  if (!isTimeZone(timeZone)) throw badRequest('invalid_time_zone', 'This is not a time zone this server knows: use an IANA name such as America/Bogota');
  const settings = await changeSettings(ctx, (current) => ({ ...current, [TIME_ZONE_KEY]: timeZone }));
  return { timeZone: settings.timeZone ?? timeZone };
}

/** Rewrites the school's stored settings through `change` in one transaction. */
async function changeSettings(ctx: RequestContext, change: (settings: Record<string, unknown>) => Record<string, unknown>): Promise<Settings> {
  const org = await ctx.db.transaction().execute(async (trx) => {
    // The stored settings, not the request's cached copy: other keys must survive the write.
    const current = (await findOrgByCode(trx, ctx.org.code)) ?? ctx.org;
    const settings = change(current.settings);
    await updateOrgSettings(trx, ctx.org.id, settings);
    return { ...current, settings };
  });
  return publicSettings(org, ctx.services.config.oidc, ctx.origin);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
