import type { RequestContext } from '../../http/context';
import { linkOrigin } from '../../http/origin';
import { mailedLinkLimiterOf } from './password-reset.limiter';
import { signInLinkJob } from './sign-in-link.job';

/** Sign-in link requests allowed per hour: per client IP and per typed login, as for password resets. */
export const SIGN_IN_LINK_LIMITS = { perIp: 30, perAccount: 3, windowSeconds: 3600 };

/**
 * POST sign-in-links: the same work and the same answer whether or not `login` names anyone. The
 * request is counted (per IP and per login) and one job is queued; the job looks the login up and
 * mails the link, after the answer has left.
 */
export async function requestSignInLink(ctx: RequestContext, body: { login: string; language?: string }, ip: string): Promise<void> {
  const login = body.login.trim().toLowerCase();
  await mailedLinkLimiterOf(ctx.services, 'sign-in-link', SIGN_IN_LINK_LIMITS, 'Too many sign-in link requests.').count(ctx.org.id, login, ip);
  await ctx.services.jobs.enqueue(
    ctx.db,
    signInLinkJob,
    { login, language: body.language ?? null, origin: linkOrigin(ctx.services.config), school: { code: ctx.org.code, title: ctx.org.title }, requestedAt: new Date().toISOString() },
    { orgId: ctx.org.id },
  );
}
