import { createHmac } from 'node:crypto';
import { mailerFor } from '../../platform/mail/mailer';
import { defineJob } from '../../platform/jobs/jobs';
import { insertLoginTokenOnce } from './auth.queries';
import { findResetTargets } from './credentials.queries';
import { passwordResetMail } from './password-reset.mail';
import { hashLoginToken } from './tokens';
import { ensureUsername } from './usernames';

/** A reset link works this long after it was asked for. */
export const RESET_LINK_MINUTES = 60;

/** What POST password-resets queues: the typed login, never whether it names anyone. */
export interface PasswordResetPayload {
  login: string;
  /** The screen's language, for a person whose own is unknown. */
  language: string | null;
  /** Where the link points: `<origin>/reset-password?school=<code>&token=…`. */
  origin: string;
  school: { code: string; title: string };
  requestedAt: string;
}

/**
 * The token of one person's link, derived from the job and the server's secret instead of drawn at
 * random, so a job that runs twice (delivery is at least once) mails the same link and stores it once.
 */
function resetToken(secret: Uint8Array, jobId: number, orgId: number, personId: number): string {
  return createHmac('sha256', secret).update(`password_reset\n${orgId}\n${jobId}\n${personId}`).digest('base64url');
}

/**
 * Looks the typed login up (a username, or an email that may name a few people of one family) and
 * mails each account found a one-time link to choose a new password. Nothing found: nothing sent,
 * and the request answered exactly as when something is. A send that fails throws and is retried.
 */
export const passwordResetJob = defineJob<PasswordResetPayload>({
  kind: 'password.reset',
  async handle(request, { db, config, log, job }) {
    if (job.orgId === null) return;
    const orgId = job.orgId;
    const people = await findResetTargets(db, orgId, request.login);
    const expiresAt = new Date(Date.parse(request.requestedAt) + RESET_LINK_MINUTES * 60_000).toISOString();
    const mailer = mailerFor(config, (entry, msg) => log.info(entry, msg));
    for (const person of people) {
      const token = resetToken(config.jwtSecret, job.id, orgId, person.id);
      await insertLoginTokenOnce(db, orgId, { personId: person.id, tokenHash: hashLoginToken(token), expiresAt, createdBy: person.id, purpose: 'password_reset' });
      // Someone an import created signs in with this once the password is set (a taken name fails and retries).
      const username = await ensureUsername(db, orgId, person);
      const link = `${request.origin}/reset-password?${new URLSearchParams({ school: request.school.code, token })}`;
      const message = passwordResetMail(person.language ?? request.language, {
        name: person.first_name,
        school: request.school.title,
        username,
        link,
      });
      await mailer.send({ to: person.email!, ...message });
    }
  },
  summarize: () => ({ topic: 'password_reset' }),
  timeoutMs: 60_000,
});
