import type { Database } from '../../db/database';
import type { RequestContext } from '../../http/context';
import { linkOrigin } from '../../http/origin';
import { mailerFor } from '../../platform/mail/mailer';
import { defineJob } from '../../platform/jobs/jobs';
import { findOrgById } from '../org/index';
import { schoolLanguageOf } from '../settings/index';
import { registrationMail, type RegistrationMailKind, type RegistrationMailValues } from './registration.mail';

/** What a registration mail job carries: enough to build the mail in the family's language. */
export interface RegistrationMailPayload {
  to: string;
  kind: RegistrationMailKind;
  language: string | null;
  values: RegistrationMailValues;
  personId: number;
}

/**
 * Sends one registration mail (verification, approval, rejection, already registered) through the
 * mail platform. A send that fails throws, so the job is retried with backoff and, once its attempts
 * are used up, waits dead in the administrators' list of failed jobs. Safe to run twice: at worst the
 * family receives the same mail again.
 */
export const registrationMailJob = defineJob<RegistrationMailPayload>({
  kind: 'registration.mail',
  async handle(mail, { db, config, log, job }) {
    // A family whose language is unknown reads the school's default language, not always Spanish.
    const school = mail.language || job.orgId === null ? null : await findOrgById(db, job.orgId);
    const message = registrationMail(mail.kind, mail.language || (school ? schoolLanguageOf(school.settings) : null), mail.values);
    await mailerFor(config, (entry, msg) => log.info(entry, msg)).send({ to: mail.to, ...message });
  },
  summarize: (mail) => ({ topic: mail.kind, personId: mail.personId }),
  timeoutMs: 60_000,
});

/**
 * Queues a registration mail inside `trx`, the transaction of the write it announces, so the mail
 * goes out exactly when that write commits. `occasion` tells apart the mails of one person and kind
 * (a verification token, a decision): the same occasion twice, as a double submit, mails once.
 */
export async function queueRegistrationMail(
  ctx: RequestContext,
  trx: Database,
  mail: { to: string; kind: RegistrationMailKind; language: string | null; values: Omit<RegistrationMailValues, 'school'>; personId: number },
  occasion: string,
): Promise<void> {
  const payload: RegistrationMailPayload = { ...mail, values: { ...mail.values, school: ctx.org.title } };
  await ctx.services.jobs.enqueue(trx, registrationMailJob, payload, {
    orgId: ctx.org.id,
    key: `registration.mail:${ctx.org.id}:${mail.personId}:${mail.kind}:${occasion}`,
  });
}

/** Where a family signs in: the school-code screen with the code filled in. */
export function signInLinkOf(ctx: RequestContext): string {
  return `${linkOrigin(ctx.services.config)}/code?${new URLSearchParams({ school: ctx.org.code })}`;
}
