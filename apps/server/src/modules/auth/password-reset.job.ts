import { defineJob } from '../../platform/jobs/jobs';
import { mailOneTimeLinks, type MailedLinkPayload } from './mailed-link';
import { passwordResetMail } from './password-reset.mail';
import { ensureUsername } from './usernames';

/** A reset link works this long after it was asked for. */
export const RESET_LINK_MINUTES = 60;

/** Mails each account the typed login names a one-time link to choose a new password. */
export const passwordResetJob = defineJob<MailedLinkPayload>({
  kind: 'password.reset',
  handle: (request, ctx) =>
    mailOneTimeLinks(request, ctx, {
      purpose: 'password_reset',
      minutes: RESET_LINK_MINUTES,
      path: '/reset-password',
      async mail(person, link, { language, school }, db, orgId) {
        // Someone an import created signs in with this once the password is set (a taken name fails and retries).
        const username = await ensureUsername(db, orgId, person);
        return passwordResetMail(person.language ?? language, { name: person.first_name, school: school.title, username, link });
      },
    }),
  summarize: () => ({ topic: 'password_reset' }),
  timeoutMs: 60_000,
});
