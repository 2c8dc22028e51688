import { SSO_PROVIDERS, type SignInLink, type SsoProvider } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { personExists } from '../people/index';
import { deleteSignInLink, findSignInLinks } from './sso.queries';

const isProvider = (value: string): value is SsoProvider => (SSO_PROVIDERS as readonly string[]).includes(value);

/** GET people/{id}/sign-in-links: the provider accounts that sign in as this person (themselves or an administrator). */
export async function listSignInLinks(ctx: RequestContext, personId: number): Promise<SignInLink[]> {
  if (!(await personExists(ctx.db, ctx.org.id, personId))) throw notFound('There is no such person in this school');
  const rows = await findSignInLinks(ctx.db, ctx.org.id, personId);
  return rows.flatMap((row) => (isProvider(row.provider) ? [{ id: row.id, provider: row.provider, email: row.email, linkedAt: row.created_at, lastUsedAt: row.last_used_at }] : []));
}

/** DELETE people/{id}/sign-in-links/{linkId}: that account no longer signs in as the person (until linked again by email). */
export async function removeSignInLink(ctx: RequestContext, personId: number, linkId: number): Promise<void> {
  if (!(await deleteSignInLink(ctx.db, ctx.org.id, personId, linkId))) throw notFound('This person has no such linked account');
}
