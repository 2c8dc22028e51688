import { defineJob } from '../../platform/jobs/jobs';
import { mailOneTimeLinks, type MailedLinkPayload } from './mailed-link';
import { signInLinkMail } from './sign-in-link.mail';

/** A mailed sign-in link works this long after it was asked for (an administrator's link may live longer). */
export const SIGN_IN_LINK_MINUTES = 15;

/**
 * Mails each account the typed login names a one-time sign-in link: the same `sign_in` token an
 * administrator's link carries, exchanged once by POST oauth/login-token at /login.
 */
export const signInLinkJob = defineJob<MailedLinkPayload>({
  kind: 'auth.sign-in-link',
  handle: (request, ctx) =>
    mailOneTimeLinks(request, ctx, {
      purpose: 'sign_in',
      minutes: SIGN_IN_LINK_MINUTES,
      path: '/login',
      mail: async (person, link, { language, school }) =>
        signInLinkMail(person.language ?? language, { name: `${person.first_name} ${person.last_name}`.trim(), school: school.title, link }),
    }),
  summarize: () => ({ topic: 'sign_in_link' }),
  timeoutMs: 60_000,
});
