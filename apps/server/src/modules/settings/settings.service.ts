import type { Settings } from '@patio/core';
import type { RequestContext } from '../../http/context';
import type { Org } from '../../policy/policy';
import { findOrgByCode, updateOrgSettings } from '../org/index';
import { allowsSignInByEmail, SIGN_IN_BY_EMAIL_KEY } from './sign-in-by-email';

export const defaultColor = '#1C89B8';

/**
 * How a school's settings are stored (orgs.settings JSON):
 * { color?, public?: {free key-values shown to everyone, e.g. currencyPostfix, tuCompra},
 *   signIn?: { google?: {clientId}, office?: {clientId, tenant?}, apple?: {clientId} },
 *   signInByEmail?: true }
 * Only `public`, the colour and which providers exist leave the server; client secrets never do.
 */
export function publicSettings(org: Org): Settings {
  const stored = org.settings;
  const pub = isRecord(stored.public) ? stored.public : {};
  const signIn = isRecord(stored.signIn) ? stored.signIn : {};
  const configured = (name: string) => {
    const provider = signIn[name];
    return isRecord(provider) && typeof provider.clientId === 'string' && provider.clientId.length > 0;
  };
  const color = typeof stored.color === 'string' && /^#[0-9a-fA-F]{6}$/.test(stored.color) ? stored.color : defaultColor;
  return {
    ...pub,
    title: org.title,
    color,
    logo: org.logo,
    signIn: { google: configured('google'), office: configured('office'), apple: configured('apple') },
    signInByEmail: allowsSignInByEmail(stored),
  };
}

/** PUT settings/sign-in: turns sign-in by email on or off; answers the public settings as they are now. */
export async function updateSignInSettings(ctx: RequestContext, change: { signInByEmail: boolean }): Promise<Settings> {
  const org = await ctx.db.transaction().execute(async (trx) => {
    // The stored settings, not the request's cached copy: other keys must survive the write.
    const current = (await findOrgByCode(trx, ctx.org.code)) ?? ctx.org;
    const settings = { ...current.settings, [SIGN_IN_BY_EMAIL_KEY]: change.signInByEmail };
    await updateOrgSettings(trx, ctx.org.id, settings);
    return { ...current, settings };
  });
  return publicSettings(org);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
