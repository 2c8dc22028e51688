import { z } from 'zod';
import { ZLanguage } from './person';
import { zQueryInteger } from './ids';

/** Answer of GET registration: may families register themselves, and the courses they choose from. */
export const ZRegistrationInfo = z.object({
  enabled: z.boolean(),
  courses: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type RegistrationInfo = z.infer<typeof ZRegistrationInfo>;

const ZGender = z.enum(['female', 'male']);

/** The fields every person on the form has: names, document and gender. */
const ZFormPerson = z.object({
  firstName: z.string(),
  lastName: z.string(),
  lastName2: z.string().nullish(),
  document: z.string(),
  gender: ZGender.nullish(),
});

export const ZRegistrationChild = ZFormPerson.extend({
  birthday: z.string().describe('YYYY-MM-DD'),
  course: z.number().int().nullish().describe('Node id of a course; defaults to the form course'),
});

export const ZRegistrationRelative = ZFormPerson.extend({
  email: z.string().nullish(),
  mobile: z.string().nullish(),
  kind: z.string().describe('Relationship kind to the children, e.g. grandmother, uncle, guardian'),
});

/**
 * spec §3 Registration form. The server checks it field by field and answers the §5 messages, so
 * the route accepts any object and this schema documents (and types, for the web) the shape.
 */
export const ZRegistrationForm = ZFormPerson.extend({
  birthday: z.string().describe('YYYY-MM-DD'),
  email: z.string(),
  password: z.string(),
  passwordConfirmation: z.string(),
  course: z.number().int().nullish(),
  language: ZLanguage
    .nullish()
    .describe('The language the family registers in: the parent’s language and that of their mails. A tag such as es-CO counts as its language; anything else as es'),
  children: z.array(ZRegistrationChild),
  relatives: z.array(ZRegistrationRelative).nullish(),
});
export type RegistrationForm = z.infer<typeof ZRegistrationForm>;

export { REGISTRATION_MESSAGES, type RegistrationErrorCode } from '../registration/messages';

/** A 400 answer of POST registration: one entry per wrong field, with a stable code (§5 texts as message). */
export const ZRegistrationErrors = z.object({
  error: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), code: z.string().optional(), message: z.string() })).optional(),
});

/**
 * Answer of POST registration (§2: the email-check success screen shows `email`). The same for a new
 * email and for one already in use, so the form never tells who is registered.
 */
export const ZRegistrationCreated = z.object({
  email: z.string(),
  status: z.literal('email_verification_pending'),
});
export type RegistrationCreated = z.infer<typeof ZRegistrationCreated>;

export const ZRegistrationVerifyRequest = z.object({ token: z.string().min(1).max(200) });
export const ZRegistrationVerified = z.object({ verified: z.literal(true), status: z.enum(['pending', 'approved', 'rejected']) });
export type RegistrationVerified = z.infer<typeof ZRegistrationVerified>;

const ZCourseRef = z.object({ id: z.number().int(), name: z.string() });

/**
 * A person of the school with the same document. A warning, never a link by itself (decision 023):
 * approval attaches to them only after their confirmation or an administrator's audited decision.
 */
const ZDocumentMatch = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable().describe('The email on file, where a confirmation would go'),
    mobile: z.string().nullable(),
    hasAccount: z.boolean().describe('True when the person already signs in (username or password)'),
  })
  .nullable()
  .describe('The person of the school who already holds this document (shown as a warning), or null');

/** Where linking a registration to the people it matches stands (decision 023). */
export const ZRegistrationLinking = z.object({
  choices: z
    .array(z.enum(['confirm', 'decide']))
    .describe('How this registration may be linked now: confirm (mail the matched parent on file) or decide (no contact on file: an administrator decides with a reason)'),
  confirmation: z
    .object({
      status: z.enum(['pending', 'expired', 'refused', 'confirmed']),
      sentTo: z.string(),
      sentAt: z.string(),
      expiresAt: z.string(),
      answeredAt: z.string().nullable(),
    })
    .nullable()
    .describe('The confirmation mailed to the matched parent, if one was sent'),
  decision: z
    .object({ reason: z.string(), decidedBy: z.string(), decidedAt: z.string() })
    .nullable()
    .describe('The administrator decision that linked it without a confirmation, if any'),
});
export type RegistrationLinking = z.infer<typeof ZRegistrationLinking>;

/**
 * A family waiting for (or past) an administrator's decision. Until approval nothing of it exists in
 * the school: pending and rejected registrations are read from the staged form (children without id).
 */
export const ZRegistration = z.object({
  personId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  document: z.string().nullable().describe("The parent's document"),
  match: ZDocumentMatch,
  linking: ZRegistrationLinking.nullable().describe('Null when the form matches nobody of the school'),
  emailVerified: z.boolean(),
  status: z.enum(['pending', 'approved', 'rejected']),
  createdAt: z.string(),
  children: z.array(
    z.object({
      id: z.number().int().nullable().describe('The child person once approved; null while only on the form'),
      firstName: z.string(),
      lastName: z.string(),
      document: z.string().nullable(),
      birthday: z.string().nullable().describe('YYYY-MM-DD, as the family wrote it (or the school record once approved)'),
      gender: ZGender.nullable(),
      course: ZCourseRef.nullable(),
      enrollmentStatus: z.string().nullable(),
      match: ZDocumentMatch,
    }),
  ),
  relatives: z.array(
    z.object({
      firstName: z.string(),
      lastName: z.string(),
      kind: z.string(),
      document: z.string().nullable(),
      match: ZDocumentMatch,
    }),
  ),
});
export type Registration = z.infer<typeof ZRegistration>;

/** GET registration/mine: what a self-registered account sees until the school approves it. */
export const ZMyRegistration = z.object({
  status: z.enum(['pending', 'approved', 'rejected']),
  emailVerified: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  children: z.array(z.object({ firstName: z.string(), lastName: z.string(), course: ZCourseRef.nullable() })),
});
export type MyRegistration = z.infer<typeof ZMyRegistration>;

/**
 * Query of GET registrations: one status; `page` and `limit` ask for one page (the oldest first), else
 * the first 500 come as before. The total is in X-Total-Count either way, so `limit=1` counts them.
 */
export const ZRegistrationsQuery = z.object({
  status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
  page: zQueryInteger(1, 100_000).optional(),
  limit: zQueryInteger(1, 500).optional(),
});
export type RegistrationsQuery = z.infer<typeof ZRegistrationsQuery>;

/**
 * Body of POST registrations/{personId}/approve. `none` (the default): the registrant becomes a new
 * person and nothing of the school is attached. `confirm`: the matched parent is mailed a one-time
 * link and the registration stays pending until they answer. `decide`: link at once, only when the
 * matched parent has no contact on file (or only children or relatives matched), with a reason.
 */
export const ZRegistrationApproveRequest = z
  .object({
    link: z.enum(['none', 'confirm', 'decide']).default('none'),
    reason: z.string().max(1000).optional().describe('Required (not blank) with link=decide; stored in the audit of link decisions'),
  })
  .strict();
export type RegistrationApproveRequest = z.input<typeof ZRegistrationApproveRequest>;

export const ZRegistrationLinkToken = z.object({ token: z.string().min(1).max(200) });

/** What the matched parent sees on the page of the mailed link, before answering. */
export const ZRegistrationLinkInfo = z.object({
  firstName: z.string().describe('The first name of the person on file the link was mailed to'),
  registrant: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  children: z.array(z.string()).describe('The children the registration names'),
  registeredAt: z.string(),
  expiresAt: z.string(),
});
export type RegistrationLinkInfo = z.infer<typeof ZRegistrationLinkInfo>;

export const ZRegistrationLinkAnswerRequest = ZRegistrationLinkToken.extend({ answer: z.enum(['confirm', 'refuse']) });
export const ZRegistrationLinkAnswered = z.object({ status: z.enum(['confirmed', 'refused']) });
export type RegistrationLinkAnswered = z.infer<typeof ZRegistrationLinkAnswered>;

/** One administrator decision that linked a registration without a confirmation: read-only, for the record. */
export const ZRegistrationLinkDecision = z.object({
  id: z.number().int(),
  registrationId: z.number().int(),
  registrantId: z.number().int().describe('The registering account when decided'),
  personId: z.number().int().nullable().describe('The matched parent the registrant became, or null'),
  linked: z.array(z.number().int()).describe('Every person of the school the decision attached'),
  reason: z.string(),
  decidedBy: z.object({ id: z.number().int(), name: z.string() }),
  decidedAt: z.string(),
});
export type RegistrationLinkDecision = z.infer<typeof ZRegistrationLinkDecision>;

/** Query of GET registrations/link-decisions: one page, newest first. */
export const ZRegistrationLinkDecisionsQuery = z.object({
  page: zQueryInteger(1, 100_000).optional(),
  limit: zQueryInteger(1, 500).optional(),
});
