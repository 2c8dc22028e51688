import { createHmac } from 'node:crypto';
import type { RequestContext } from '../../http/context';
import { linkOrigin } from '../../http/origin';
import type { JobContext, JobDefinition } from '../../platform/jobs/job-definition';
import { brandedMailHtml } from '../../platform/mail/mail-branding';
import { mailerFor } from '../../platform/mail/mailer';
import { schoolMailLookOf } from '../settings/index';
import type { Database } from '../../db/database';
import { insertLoginTokenOnce, type LoginTokenPurpose } from './auth.queries';
import { findResetTargets, type AccountRow } from './credentials.queries';
import type { MailedLinkLimiter } from './password-reset.limiter';
import { hashLoginToken } from './tokens';

// What a password reset and a mailed sign-in link share: the request that never says whether the
// login names anyone, and the job that finds the accounts and mails each a one-time link.

/** What POST password-resets and POST sign-in-links queue: the typed login, never whether it names anyone. */
export interface MailedLinkPayload {
  login: string;
  /** The screen's language, for a person whose own is unknown. */
  language: string | null;
  /** Where the link points: `<origin><path>?school=<code>&token=…`. */
  origin: string;
  school: { code: string; title: string };
  requestedAt: string;
}

/**
 * Counts the request (per IP and per typed login) and queues one job: the same work and the same
 * answer whether or not `login` names anyone; the job looks it up after the answer has left.
 */
export async function queueMailedLink(
  ctx: RequestContext,
  job: JobDefinition<MailedLinkPayload>,
  limiter: MailedLinkLimiter,
  body: { login: string; language?: string },
  ip: string,
): Promise<void> {
  const login = body.login.trim().toLowerCase();
  await limiter.count(ctx.org.id, login, ip);
  const payload: MailedLinkPayload = {
    login,
    language: body.language ?? null,
    origin: linkOrigin(ctx.services.config),
    school: { code: ctx.org.code, title: ctx.org.title },
    requestedAt: new Date().toISOString(),
  };
  await ctx.services.jobs.enqueue(ctx.db, job, payload, { orgId: ctx.org.id });
}

/** One kind of mailed link: the token it stores, how long it lives, the screen it opens and its mail. */
export interface OneTimeLinkKind {
  purpose: LoginTokenPurpose;
  minutes: number;
  path: '/login' | '/reset-password';
  mail(person: AccountRow, link: string, request: MailedLinkPayload, db: Database, orgId: number): Promise<{ subject: string; text: string }>;
}

/**
 * The token of one person's link, derived from the job and the server's secret instead of drawn at
 * random, so a job that runs twice (delivery is at least once) mails the same link and stores it once.
 */
function linkToken(secret: Uint8Array, purpose: LoginTokenPurpose, jobId: number, orgId: number, personId: number): string {
  return createHmac('sha256', secret).update(`${purpose}\n${orgId}\n${jobId}\n${personId}`).digest('base64url');
}

/**
 * Looks the typed login up (a username, or an email that may name a few people of one family; only
 * people with an email, never an unapproved registration) and mails each a one-time link of `kind`.
 * Nothing found: nothing sent. A send that fails throws and the job is retried.
 */
export async function mailOneTimeLinks(request: MailedLinkPayload, { db, config, log, job }: JobContext, kind: OneTimeLinkKind): Promise<void> {
  if (job.orgId === null) return;
  const orgId = job.orgId;
  const people = await findResetTargets(db, orgId, request.login);
  const expiresAt = new Date(Date.parse(request.requestedAt) + kind.minutes * 60_000).toISOString();
  if (people.length === 0) return;
  const mailer = mailerFor(config, (entry, msg) => log.info(entry, msg));
  const { brand, language: schoolLanguage } = await schoolMailLookOf(db, orgId, request.origin, request.school.title);
  // A person whose own language is unknown reads the mail in the screen's language, else the school's.
  const asked = { ...request, language: request.language ?? schoolLanguage };
  for (const person of people) {
    const token = linkToken(config.jwtSecret, kind.purpose, job.id, orgId, person.id);
    await insertLoginTokenOnce(db, orgId, { personId: person.id, tokenHash: hashLoginToken(token), expiresAt, createdBy: person.id, purpose: kind.purpose });
    const link = `${request.origin}${kind.path}?${new URLSearchParams({ school: request.school.code, token })}`;
    const message = await kind.mail(person, link, asked, db, orgId);
    await mailer.send({ to: person.email!, ...message, html: brandedMailHtml(brand, message.text, person.language ?? asked.language) });
  }
}
