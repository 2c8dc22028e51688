import type { Registration, RegistrationInfo } from '@patio/core';
import type { FastifyBaseLogger } from 'fastify';
import type { RequestContext } from '../../http/context';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { hashPassword } from '../auth/password';
import { hashLoginToken, newLoginToken } from '../auth/tokens';
import { insertMembership } from '../nodes/nodes.queries';
import { insertPerson, upsertRelationshipPair } from '../people/people.queries';
import { inverseKind, type RelationshipKind } from '../people/relationships';
import { sendRegistrationMail, signInLinkOf } from './registration.notify';
import {
  decideRegistration, findCourses, findRegisteredChildren, findRegistration, findRegistrations, findUsedDocuments,
  insertRegistration, isEmailUsed, verifyRegistrationToken,
} from './registration.queries';
import { takenError, validateRegistration, type FieldError } from './registration.validate';

const VERIFY_HOURS = 72;

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
 * POST registration: one transaction creates the parent (unusable for sign-in until the email is
 * verified), the children with pending enrollments in their courses, the relatives and every
 * relationship both ways; then the verification mail goes out.
 */
export async function registerFamily(
  ctx: RequestContext,
  body: unknown,
  request: { ip: string; log: FastifyBaseLogger },
): Promise<{ personId: number; email: string }> {
  if (!isRegistrationEnabled(ctx.org.settings)) throw forbidden('registration_disabled', 'This school does not take registrations online');
  // Accounts are created and a mail is sent: a few per IP and hour. Only created families count.
  const release = ctx.services.registrationLimiter.reserveRegistration(request.ip);
  try {
    return await createFamily(ctx, body, request.log);
  } catch (err) {
    release();
    throw err;
  }
}

async function createFamily(ctx: RequestContext, body: unknown, log: FastifyBaseLogger): Promise<{ personId: number; email: string }> {
  const courses = new Set((await findCourses(ctx.db, ctx.org.id)).map((c) => c.id));
  const { form, errors } = validateRegistration(body, courses);
  if (form && (await isEmailUsed(ctx.db, ctx.org.id, form.parent.email))) errors.push(takenError('email', 'email_taken'));
  if (form) {
    const people = [
      ['document', form.parent.document],
      ...form.children.map((c, i) => [`children.${i}.document`, c.document]),
      ...form.relatives.map((r, i) => [`relatives.${i}.document`, r.document]),
    ] as [string, string][];
    const used = await findUsedDocuments(ctx.db, ctx.org.id, people.map(([, d]) => d));
    for (const [path, document] of people) if (used.has(document)) errors.push(takenError(path, 'document_taken'));
  }
  if (!form || errors.length > 0) throw new RegistrationInvalid(errors);

  const token = newLoginToken();
  const passwordHash = await hashPassword(form.parent.password);
  const schoolYear = String(new Date().getUTCFullYear());
  const { parent } = form;
  const personId = await ctx.db.transaction().execute(async (trx) => {
    const common = { username: null, password_hash: null, email: null, mobile: null, student_code: null, avatar: null, language: null };
    const parentRow = await insertPerson(trx, ctx.org.id, {
      ...common,
      username: parent.email,
      password_hash: passwordHash,
      first_name: parent.firstName,
      last_name: parent.lastName,
      last_name2: parent.lastName2,
      document: parent.document,
      gender: parent.gender,
      birthday: parent.birthday,
      email: parent.email,
      language: parent.language,
    });
    const parentKind: RelationshipKind = parent.gender === 'male' ? 'father' : parent.gender === 'female' ? 'mother' : 'guardian';
    const relativeIds: [number, RelationshipKind][] = [[parentRow.id, parentKind]];
    for (const r of form.relatives) {
      const row = await insertPerson(trx, ctx.org.id, {
        ...common,
        first_name: r.firstName, last_name: r.lastName, last_name2: r.lastName2, document: r.document,
        gender: r.gender, birthday: r.birthday, email: r.email, mobile: r.mobile,
      });
      relativeIds.push([row.id, r.kind]);
    }
    for (const c of form.children) {
      const child = await insertPerson(trx, ctx.org.id, {
        ...common,
        first_name: c.firstName, last_name: c.lastName, last_name2: c.lastName2, document: c.document,
        gender: c.gender, birthday: c.birthday,
      });
      await insertMembership(trx, ctx.org.id, { nodeId: c.course, personId: child.id, role: 'student', enrollmentStatus: 'pending', schoolYear });
      for (const [relativeId, kind] of relativeIds) {
        await upsertRelationshipPair(trx, ctx.org.id, { personId: child.id, relativeId, kind, inverseKind: inverseKind(kind, c.gender) });
      }
    }
    await insertRegistration(trx, ctx.org.id, {
      personId: parentRow.id,
      language: parent.language,
      tokenHash: hashLoginToken(token),
      expiresAt: new Date(Date.now() + VERIFY_HOURS * 3600_000).toISOString(),
    });
    return parentRow.id;
  });

  const query = new URLSearchParams({ school: ctx.org.code, token });
  await sendRegistrationMail(ctx, log, {
    to: parent.email,
    kind: 'verification',
    language: parent.language,
    values: { name: parent.firstName, link: `${ctx.origin}/registration/verify?${query}` },
    personId,
  });
  return { personId, email: parent.email };
}

/**
 * POST registration/verify: a link works once and expires; unknown, used and expired all answer 400,
 * and count as failures of the client IP (429 once used up).
 */
export async function verifyRegistration(ctx: RequestContext, token: string, ip: string) {
  const limiter = ctx.services.registrationLimiter;
  limiter.assertVerifyAllowed(ip);
  const row = await verifyRegistrationToken(ctx.db, ctx.org.id, hashLoginToken(token));
  if (!row) {
    limiter.recordVerifyFailure(ip);
    throw badRequest('invalid_verification_token', 'This verification link is not valid any more');
  }
  return { verified: true as const, status: row.status };
}

/** GET registrations?status=: families by status, with their children and courses (admins). */
export async function listRegistrations(ctx: RequestContext, status: 'pending' | 'approved' | 'rejected'): Promise<Registration[]> {
  const rows = await findRegistrations(ctx.db, ctx.org.id, status);
  const children = await findRegisteredChildren(ctx.db, ctx.org.id, rows.map((r) => r.person_id));
  return rows.map((r) => ({
    personId: r.person_id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email ?? '',
    document: r.document,
    emailVerified: r.email_verified_at !== null,
    status: r.status,
    createdAt: r.created_at,
    children: children
      .filter((c) => c.parentId === r.person_id)
      .map((c) => ({
        id: c.id,
        firstName: c.first_name,
        lastName: c.last_name,
        course: { id: c.nodeId, name: c.nodeName },
        enrollmentStatus: c.enrollment_status,
      })),
  }));
}

/**
 * POST registrations/{personId}/approve|reject: pending enrollments become active or withdrawn, and
 * the family gets the decision by mail in its language.
 */
export async function decideFamily(
  ctx: RequestContext,
  personId: number,
  status: 'approved' | 'rejected',
  log: FastifyBaseLogger,
): Promise<Registration> {
  const caller = requireCaller(ctx);
  const registration = await findRegistration(ctx.db, ctx.org.id, personId);
  if (!registration) throw notFound('There is no registration for this person');
  const children = await findRegisteredChildren(ctx.db, ctx.org.id, [personId]);
  const decided = children.filter((c) => c.enrollment_status === 'pending');
  const ok = await decideRegistration(ctx.db, ctx.org.id, { personId, status, decidedBy: caller.id, membershipIds: decided.map((c) => c.membershipId) });
  if (!ok) throw new HttpError(409, 'registration_decided', `This registration was already ${registration.status}`);
  const [result] = (await listRegistrations(ctx, status)).filter((r) => r.personId === personId);
  if (result.email) {
    const names = [...new Map((decided.length > 0 ? decided : children).map((c) => [c.id, c.first_name])).values()];
    await sendRegistrationMail(ctx, log, {
      to: result.email,
      kind: status,
      language: registration.language,
      values: { name: result.firstName, link: signInLinkOf(ctx), children: names.join(', ') },
      personId,
    });
  }
  return result;
}
