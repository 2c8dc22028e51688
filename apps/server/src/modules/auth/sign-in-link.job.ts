import { createHmac } from 'node:crypto';
import { mailerFor } from '../../platform/mail/mailer';
import { defineJob } from '../../platform/jobs/jobs';
import { insertLoginTokenOnce } from './auth.queries';
import { findResetTargets } from './credentials.queries';
import { signInLinkMail } from './sign-in-link.mail';
import { hashLoginToken } from './tokens';

/** A mailed sign-in link works this long after it was asked for (an administrator's link may live longer). */
export const SIGN_IN_LINK_MINUTES = 15;

/** What POST sign-in-links queues: the typed login, never whether it names anyone. */
export interface SignInLinkPayload {
  login: string;
  /** The screen's language, for a person whose own is unknown. */
  language: string | null;
  /** Where the link points: `<origin>/login?school=<code>&token=…`, the landing of every sign-in link. */
  origin: string;
  school: { code: string; title: string };
  requestedAt: string;
}

/**
 * Derived from the job and the server's secret instead of drawn at random, so a job that runs twice
 * (delivery is at least once) mails the same link and stores it once.
 */
function signInToken(secret: Uint8Array, jobId: number, orgId: number, personId: number): string {
  return createHmac('sha256', secret).update(`sign_in_link\n${orgId}\n${jobId}\n${personId}`).digest('base64url');
}

/**
 * Looks the typed login up the way a password reset does (a username, or an email that may name a
 * few people of one family; only people with an email, never an unapproved registration) and mails
 * each a one-time sign-in link: the same `sign_in` token an administrator's link carries, exchanged
 * once by POST oauth/login-token. Nothing found: nothing sent.
 */
export const signInLinkJob = defineJob<SignInLinkPayload>({
  kind: 'auth.sign-in-link',
  async handle(request, { db, config, log, job }) {
    if (job.orgId === null) return;
    const orgId = job.orgId;
    const people = await findResetTargets(db, orgId, request.login);
    const expiresAt = new Date(Date.parse(request.requestedAt) + SIGN_IN_LINK_MINUTES * 60_000).toISOString();
    const mailer = mailerFor(config, (entry, msg) => log.info(entry, msg));
    for (const person of people) {
      const token = signInToken(config.jwtSecret, job.id, orgId, person.id);
      await insertLoginTokenOnce(db, orgId, { personId: person.id, tokenHash: hashLoginToken(token), expiresAt, createdBy: person.id, purpose: 'sign_in' });
      const link = `${request.origin}/login?${new URLSearchParams({ school: request.school.code, token })}`;
      const message = signInLinkMail(person.language ?? request.language, {
        name: `${person.first_name} ${person.last_name}`.trim(),
        school: request.school.title,
        link,
      });
      await mailer.send({ to: person.email!, ...message });
    }
  },
  summarize: () => ({ topic: 'sign_in_link' }),
  timeoutMs: 60_000,
});
