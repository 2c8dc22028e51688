import type { RequestContext } from '../../http/context';
import { forbidden } from '../../http/errors';
import { offersSignInLink } from '../settings/index';
import { queueMailedLink } from './mailed-link';
import { mailedLinkLimiterOf } from './password-reset.limiter';
import { signInLinkJob } from './sign-in-link.job';

/** Sign-in link requests allowed per hour: per client IP and per typed login, as for password resets. */
export const SIGN_IN_LINK_LIMITS = { perIp: 30, perAccount: 3, windowSeconds: 3600 };

/**
 * POST sign-in-links: counted, queued, and answered alike whether or not `login` names anyone. A school
 * that turned mailed links off answers 403 `sign_in_link_off` to everyone alike, before anything is counted.
 */
export async function requestSignInLink(ctx: RequestContext, body: { login: string; language?: string }, ip: string): Promise<void> {
  if (!offersSignInLink(ctx.org.settings)) throw forbidden('sign_in_link_off', 'This school does not send sign-in links by mail: sign in with your password');
  const limiter = mailedLinkLimiterOf(ctx.services, 'sign-in-link', SIGN_IN_LINK_LIMITS, 'Too many sign-in link requests.');
  await queueMailedLink(ctx, signInLinkJob, limiter, body, ip);
}
