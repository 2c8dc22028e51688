import type { SsoProvider } from '@patio/core';
import { badRequest, HttpError } from '../../http/errors';
import type { SignInProvider } from '../settings/index';

// Who an id token (already signature- and spec-checked) says the person is, per provider (decision 020):
// - Google: the email only when `email_verified`; with Workspace domains listed, `hd` must be one of them.
// - Office: the tenant (`tid`) must be allowed; spec §7 "the email claim comes from the identity token":
//   `email`, else `preferred_username` when it is an address.
// - Apple: the token's email (Apple verifies it); the email the client sends (only on the first
//   sign-in, spec §7 `{email, code}`) must be the same.

export interface ProviderIdentity {
  subject: string;
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
    const tenant = typeof claims.tid === 'string' ? claims.tid.toLowerCase() : null;
    // With no tenant listed, only a single-tenant issuer (it names its tenant) is accepted.
    const allowed = config.tenants.length > 0 ? tenant !== null && config.tenants.includes(tenant) : tenant !== null && config.issuer.toLowerCase().includes(`/${tenant}/`);
    if (!allowed) throw new HttpError(403, 'tenant_not_allowed', 'This school does not accept accounts of that Microsoft organisation');
    const email = emailOf(claims.email) ?? emailOf(claims.preferred_username);
    const [first, ...rest] = nameOf(claims.name).split(/\s+/);
    return { subject, email, firstName: names.firstName || first || '', lastName: names.lastName || rest.join(' ') };
  }
  const tokenEmail = emailOf(claims.email);
  const posted = postedEmail ? postedEmail.trim().toLowerCase() : null;
  if (posted && tokenEmail && posted !== tokenEmail) throw badRequest('email_mismatch', "The email sent is not the one in Apple's identity token");
  const verified = tokenEmail && (claims.email_verified === undefined || isTrue(claims.email_verified)) ? tokenEmail : null;
  return { subject, email: verified, ...names };
}
