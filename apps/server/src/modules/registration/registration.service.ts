import type { RegistrationInfo } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { badRequest, forbidden } from '../../http/errors';
import { linkOrigin } from '../../http/origin';
import { hashLoginToken, hashPassword, newLoginToken } from '../auth/index';
import { isUniqueViolation } from '../../db/unique-violation';
import { insertPerson } from '../people/index';
import { stagedFormOf } from './registration.form';
import { queueRegistrationMail, signInLinkOf } from './registration.notify';
import {
  deleteExpiredRegistrations, findCourses, findEmailOwner, insertRegistration, verifyRegistrationToken,
} from './registration.queries';
import { validateRegistration, type FieldError, type ValidRegistration } from './registration.validate';

/** An unverified registration holds its email this long; then it is deleted and the email is free. */
export const VERIFY_HOURS = 48;

/** A 400 whose body lists the wrong fields (spec §5 messages). */
export class RegistrationInvalid extends Error {
  constructor(readonly details: FieldError[]) {
    super(details.map((d) => `${d.path}: ${d.message}`).join('; '));
  }
}

/** org setting `registration.enabled` (orgs.settings JSON). */
export function isRegistrationEnabled(settings: Record<string, unknown>): boolean {
  const registration = settings.registration;
  return typeof registration === 'object' && registration !== null && (registration as { enabled?: unknown }).enabled === true;
}

/** GET registration: is self-registration open, and the courses to choose. */
export async function getRegistrationInfo(ctx: RequestContext): Promise<RegistrationInfo> {
  if (!isRegistrationEnabled(ctx.org.settings)) return { enabled: false, courses: [] };
  const courses = await findCourses(ctx.db, ctx.org.id);
  return { enabled: true, courses: courses.map((c) => ({ id: c.id, name: c.name })) };
}

/**
 * POST registration: creates only the parent's account (no document, unusable until the email is
 * verified, and then limited to its registration status); the children and relatives wait in the
 * staged form until approval. The answer is the same whether or not the email is already used: in
 * that case nothing is created and the owner of the address gets the "already registered" mail.
 */
export async function registerFamily(
  ctx: RequestContext,
  body: unknown,
  request: { ip: string },
): Promise<{ email: string }> {
  if (!isRegistrationEnabled(ctx.org.settings)) throw forbidden('registration_disabled', 'This school does not take registrations online');
  await ctx.services.registrationLimiter.countRegistration(request.ip);
  const courses = new Set((await findCourses(ctx.db, ctx.org.id)).map((c) => c.id));
  const { form, errors } = validateRegistration(body, courses);
  if (!form) throw new RegistrationInvalid(errors);
  const { email } = form.parent;

  // Expired, unverified registrations free their email (no job system yet: swept here).
  await deleteExpiredRegistrations(ctx.db, ctx.org.id, { username: email });
  await deleteExpiredRegistrations(ctx.db, ctx.org.id);

  // Hashed before the email check, so a used email does not answer faster.
  const passwordHash = await hashPassword(form.parent.password);
  if (!(await findEmailOwner(ctx.db, ctx.org.id, email))) {
    try {
      await createAccount(ctx, form, passwordHash);
      return { email };
    } catch (err) {
      // A parallel registration of the same email won the unique (org_id, username) index.
      if (!isUniqueViolation(err)) throw err;
    }
  }
  await mailAlreadyRegistered(ctx, form);
  return { email };
}

async function createAccount(ctx: RequestContext, form: ValidRegistration, passwordHash: string): Promise<void> {
  const { parent } = form;
  const token = newLoginToken();
  const tokenHash = hashLoginToken(token);
  const query = new URLSearchParams({ school: ctx.org.code, token });
  await ctx.db.transaction().execute(async (trx) => {
    const row = await insertPerson(trx, ctx.org.id, {
      username: parent.email,
      password_hash: passwordHash,
      first_name: parent.firstName,
      last_name: parent.lastName,
      last_name2: parent.lastName2,
      document: null,
      gender: parent.gender,
      birthday: parent.birthday,
      email: parent.email,
      mobile: null,
      student_code: null,
      avatar: null,
      language: parent.language,
    });
    await insertRegistration(trx, ctx.org.id, {
      personId: row.id,
      language: parent.language,
      tokenHash,
      expiresAt: new Date(Date.now() + VERIFY_HOURS * 3600_000).toISOString(),
      form: JSON.stringify(stagedFormOf(form)),
    });
    // With the account, in its transaction: the link goes out exactly when the registration exists.
    await queueRegistrationMail(
      ctx,
      trx,
      {
        to: parent.email,
        kind: 'verification',
        language: parent.language,
        values: { name: parent.firstName, link: `${linkOrigin(ctx.services.config)}/registration/verify?${query}` },
        personId: row.id,
      },
      tokenHash.slice(0, 16),
    );
  });
}

/**
 * Tells the owner of a used email that someone registered with it (and how to get in), at most once
 * an hour: repeated attempts, double submits included, must not flood their inbox.
 */
async function mailAlreadyRegistered(ctx: RequestContext, form: ValidRegistration): Promise<void> {
  const owner = await findEmailOwner(ctx.db, ctx.org.id, form.parent.email);
  if (!owner) return;
  await queueRegistrationMail(
    ctx,
    ctx.db,
    {
      to: form.parent.email,
      kind: 'already_registered',
      language: owner.language ?? form.parent.language,
      values: { name: owner.first_name, link: signInLinkOf(ctx) },
      personId: owner.id,
    },
    new Date().toISOString().slice(0, 13),
  );
}

/**
 * POST registration/verify: a link works once and expires; unknown, used and expired all answer 400,
 * and count as failures of the client IP (429 once used up).
 */
export async function verifyRegistration(ctx: RequestContext, token: string, ip: string) {
  const limiter = ctx.services.registrationLimiter;
  await limiter.assertVerifyAllowed(ip);
  const row = await verifyRegistrationToken(ctx.db, ctx.org.id, hashLoginToken(token));
  if (!row) {
    await limiter.recordVerifyFailure(ip);
    throw badRequest('invalid_verification_token', 'This verification link is not valid any more');
  }
  return { verified: true as const, status: row.status };
}
