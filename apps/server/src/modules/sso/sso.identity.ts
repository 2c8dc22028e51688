import type { SsoProvider } from '@patio/core';
import { badRequest, HttpError } from '../../http/errors';
import type { SignInProvider } from '../settings/index';

// Who an id token (already signature- and spec-checked) says the person is, per provider (decision 020):
// - Google: the email only when `email_verified`; with Workspace domains listed, `hd` must be one of them.
// - Office: the tenant (`tid`) must be allowed. The account is its tenant and object id (`tid`:`oid`),
//   stable for the person across applications, unlike the pairwise `sub`. Spec §7 "the email claim
//   comes from the identity token", trusted only when Microsoft says it is verified: `email` with
//   `email_verified` or `xms_edov` (the email's domain is verified by the tenant), else the optional
//   claim `verified_primary_email`. Never `preferred_username`: Microsoft documents it as mutable and
//   not for authorization, and in another tenant it can be any address.
// - Apple: the token's email (Apple verifies it); the email the client sends (only on the first
//   sign-in, spec §7 `{email, code}`) must be the same.

export interface ProviderIdentity {
  /** What a link stores: the id token's `sub`; Office `{tid}:{oid}`. */
  subject: string;
  /** Office: the `sub` links were made with before they were stored by tid:oid. */
  formerSubject?: string;
  /** A verified email, lower case, or null when the provider gives none. */
  email: string | null;
  firstName: string;
  lastName: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function emailOf(value: unknown): string | null {
  return typeof value === 'string' && EMAIL.test(value.trim()) ? value.trim().toLowerCase() : null;
}

function isTrue(value: unknown): boolean {
  return value === true || value === 'true';
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function guidOf(value: unknown): string | null {
  return typeof value === 'string' && GUID.test(value.toLowerCase()) ? value.toLowerCase() : null;
}

/** The email Microsoft vouches for, if any (Entra ID sends `email_verified` rarely; `xms_edov` and `verified_primary_email` are optional claims). */
function verifiedMicrosoftEmail(claims: Record<string, unknown>): string | null {
  const email = emailOf(claims.email);
  if (email && (isTrue(claims.email_verified) || isTrue(claims.xms_edov))) return email;
  const primary = Array.isArray(claims.verified_primary_email) ? claims.verified_primary_email[0] : claims.verified_primary_email;
  return emailOf(primary);
}

function nameOf(value: unknown): string {
  return typeof value === 'string' ? value.trim().slice(0, 80) : '';
}

/** The person behind checked claims, or a 403/400 saying why the school cannot accept them. */
export function identityOf(provider: SsoProvider, claims: Record<string, unknown>, config: SignInProvider, postedEmail?: string | null): ProviderIdentity {
  const subject = typeof claims.sub === 'string' && claims.sub.length > 0 && claims.sub.length <= 255 ? claims.sub : null;
  if (!subject) throw new HttpError(401, 'invalid_id_token', 'The identity token names no account; please try signing in again');
  const names = { firstName: nameOf(claims.given_name), lastName: nameOf(claims.family_name) };
  if (provider === 'google') {
    const domain = typeof claims.hd === 'string' ? claims.hd.toLowerCase() : null;
    if (config.domains.length > 0 && (!domain || !config.domains.includes(domain))) {
      throw new HttpError(403, 'domain_not_allowed', 'This school accepts Google accounts of its own domains only');
    }
    return { subject, email: isTrue(claims.email_verified) ? emailOf(claims.email) : null, ...names };
  }
  if (provider === 'office') {
    const tenant = guidOf(claims.tid);
    // With no tenant listed, only a single-tenant issuer (it names its tenant) is accepted.
    const allowed = config.tenants.length > 0 ? tenant !== null && config.tenants.includes(tenant) : tenant !== null && config.issuer.toLowerCase().includes(`/${tenant}/`);
    if (!allowed) throw new HttpError(403, 'tenant_not_allowed', 'This school does not accept accounts of that Microsoft organisation');
    const objectId = guidOf(claims.oid);
    if (!objectId) throw new HttpError(401, 'invalid_id_token', 'The Microsoft identity token names no account (oid); please try signing in again');
    const [first, ...rest] = nameOf(claims.name).split(/\s+/);
    return {
      subject: `${tenant}:${objectId}`,
      formerSubject: subject,
      email: verifiedMicrosoftEmail(claims),
      firstName: names.firstName || first || '',
      lastName: names.lastName || rest.join(' '),
    };
  }
  const tokenEmail = emailOf(claims.email);
  const posted = postedEmail ? postedEmail.trim().toLowerCase() : null;
  if (posted && tokenEmail && posted !== tokenEmail) throw badRequest('email_mismatch', "The email sent is not the one in Apple's identity token");
  const verified = tokenEmail && (claims.email_verified === undefined || isTrue(claims.email_verified)) ? tokenEmail : null;
  return { subject, email: verified, ...names };
}
