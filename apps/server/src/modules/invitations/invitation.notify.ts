import { linkOrigin } from '../../http/origin';
import { brandedMailHtml } from '../../platform/mail/mail-branding';
import { mailerFor } from '../../platform/mail/mailer';
import { defineJob } from '../../platform/jobs/jobs';
import { schoolMailLookOf } from '../settings/index';
import { invitationMail, type InvitationMailKind, type InvitationMailValues } from './invitation.mail';

/** What an invitation mail job carries: enough to write the mail in the person's language. */
export interface InvitationMailPayload {
  to: string;
  kind: InvitationMailKind;
  /** The person's own language; null: unknown, and the mail is in the school's default language. */
  language: string | null;
  values: InvitationMailValues;
  personId: number;
}

/**
 * Sends one invitation mail, with the school's branded HTML part beside the text (issue 33 item 4).
 * A send that fails throws, so the job is retried with backoff and, once its attempts are used up,
 * waits in the administrators' list of failed jobs. Safe to run twice: at worst the person receives
 * the same mail (the same link) again.
 */
export const invitationMailJob = defineJob<InvitationMailPayload>({
  kind: 'invitation.mail',
  async handle(mail, { db, config, log, job }) {
    const look = job.orgId === null ? null : await schoolMailLookOf(db, job.orgId, linkOrigin(config), mail.values.school);
    const language = mail.language ?? look?.language ?? null;
    // The school's name as it is now: a rename between queueing and sending shows in the mail.
    const values = look?.brand.title ? { ...mail.values, school: look.brand.title } : mail.values;
    const message = invitationMail(mail.kind, language, values);
    const html = look ? brandedMailHtml(look.brand, message.text, language ?? look.language) : undefined;
    await mailerFor(config, (entry, msg) => log.info(entry, msg)).send({ to: mail.to, ...message, ...(html ? { html } : {}) });
  },
  summarize: (mail) => ({ topic: 'invitation', personId: mail.personId }),
  timeoutMs: 60_000,
});
