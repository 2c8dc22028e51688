import { mailerFor } from '../../platform/mail/mailer';
import { defineJob } from '../../platform/jobs/jobs';
import { invitationMail, type InvitationMailKind, type InvitationMailValues } from './invitation.mail';

/** What an invitation mail job carries: enough to write the mail in the person's language. */
export interface InvitationMailPayload {
  to: string;
  kind: InvitationMailKind;
  language: string | null;
  values: InvitationMailValues;
  personId: number;
}

/**
 * Sends one invitation mail. A send that fails throws, so the job is retried with backoff and, once
 * its attempts are used up, waits in the administrators' list of failed jobs. Safe to run twice: at
 * worst the person receives the same mail (the same link) again.
 */
export const invitationMailJob = defineJob<InvitationMailPayload>({
  kind: 'invitation.mail',
  async handle(mail, { config, log }) {
    const message = invitationMail(mail.kind, mail.language, mail.values);
    await mailerFor(config, (entry, msg) => log.info(entry, msg)).send({ to: mail.to, ...message });
  },
  summarize: (mail) => ({ topic: 'invitation', personId: mail.personId }),
  timeoutMs: 60_000,
});
