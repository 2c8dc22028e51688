import type { FastifyBaseLogger } from 'fastify';
import type { RequestContext } from '../../http/context';
import { mailerFor } from '../../platform/mail/mailer';
import { registrationMail, type RegistrationMailKind, type RegistrationMailValues } from './registration.mail';

/**
 * Sends one registration mail (verification, approval, rejection) in the family's language through
 * the mail platform. A mail hiccup is logged, never a 500: the registration or decision is stored and
 * an administrator can follow up by hand.
 */
export async function sendRegistrationMail(
  ctx: RequestContext,
  log: FastifyBaseLogger,
  mail: { to: string; kind: RegistrationMailKind; language: string | null; values: Omit<RegistrationMailValues, 'school'>; personId: number },
): Promise<void> {
  const message = registrationMail(mail.kind, mail.language, { ...mail.values, school: ctx.org.title });
  try {
    await mailerFor(ctx.services.config, (entry, msg) => log.info(entry, msg)).send({ to: mail.to, ...message });
  } catch (err) {
    log.error({ err, personId: mail.personId, kind: mail.kind }, 'registration mail failed');
  }
}

/** Where a family signs in: the school-code screen with the code filled in. */
export function signInLinkOf(ctx: RequestContext): string {
  return `${ctx.origin}/code?${new URLSearchParams({ school: ctx.org.code })}`;
}
