import { z } from 'zod';
import { ZIdText, zQueryInteger } from './ids';
import { ZLanguage, ZPerson } from './person';
import { ZEmail } from './email';
import { RELATIONSHIP_KINDS } from '../people/relationshipKinds';
import { MEMBERSHIP_ROLES } from '../people/roles';

export { STAFF_ROLES, TEACHING_ROLES, type MembershipRole } from '../people/roles';
/** spec §3 Role labels, as stored on memberships (plus 'relative' and 'administrator' when derived). */
export const ZMembershipRole = z.enum(MEMBERSHIP_ROLES);
export const ZPersonRole = z.enum([...ZMembershipRole.options, 'relative', 'administrator']);
export type PersonRole = z.infer<typeof ZPersonRole>;

/** spec §3 Enrollment statuses and outcomes (students only, per school year). */
export const ZEnrollmentStatus = z.enum(['active', 'inactive', 'graduated', 'inscribed', 'pending', 'suspended', 'withdrawn']);
export type EnrollmentStatus = z.infer<typeof ZEnrollmentStatus>;
export const ZEnrollmentOutcome = z.enum(['promoted', 'must_repeat', 'expelled', 'to_define']);
export type EnrollmentOutcome = z.infer<typeof ZEnrollmentOutcome>;

/** spec §3 Relationship kinds: `kind` is what the relative is to the person. */
export const ZRelationshipKind = z.enum(RELATIONSHIP_KINDS);
export type RelationshipKind = z.infer<typeof ZRelationshipKind>;

/** The public card: what every member of the school may see of anyone (name, avatar, roles). */
export const ZPersonCard = ZPerson.pick({ id: true, firstName: true, lastName: true, lastName2: true, avatar: true, roles: true });
export type PersonCard = z.infer<typeof ZPersonCard>;

/** spec §3 Clinic labels: blood type, weight (kg), height (cm), medical insurance. */
export const ZClinicData = z.object({
  bloodType: z.enum(['O+', 'O-', 'A+', 'A-', 'B+', 'B-', 'AB+', 'AB-']).nullable(),
  weight: z.number().positive().max(500).nullable(),
  height: z.number().positive().max(300).nullable(),
  medicalInsurance: z.string().max(200).nullable(),
});
export type ClinicData = z.infer<typeof ZClinicData>;

/** One membership of a person in a node of the school tree. */
export const ZPersonGroup = z.object({
  nodeId: z.number().int(),
  nodeName: z.string(),
  typeKey: z.string(),
  role: ZMembershipRole,
  enrollmentStatus: ZEnrollmentStatus.nullable(),
  outcome: ZEnrollmentOutcome.nullable(),
  schoolYear: z.string().nullable(),
});
export type PersonGroup = z.infer<typeof ZPersonGroup>;

/** A class or grade a child is enrolled in (GET people/{id}/children). */
export const ZChildGroup = z.object({
  nodeId: z.number().int(),
  nodeName: z.string(),
  enrollmentStatus: ZEnrollmentStatus.nullable(),
});
export type ChildGroup = z.infer<typeof ZChildGroup>;

/** A child of a person: the card and the classes or grades where they are an active or pending student. */
export const ZChild = ZPersonCard.extend({ groups: z.array(ZChildGroup) });
export type Child = z.infer<typeof ZChild>;

/** A relative of a person and what they are to them. */
export const ZRelative = ZPersonCard.extend({ kind: ZRelationshipKind });
export type Relative = z.infer<typeof ZRelative>;

/**
 * GET people/{id}: the card for everyone; school data (document, contact, groups, relatives) for
 * staff who may see it; clinic data only for the person, their parents and authorised staff.
 */
export const ZPersonProfile = ZPerson.extend({
  groups: z.array(ZPersonGroup).optional(),
  relatives: z.array(ZRelative).optional(),
  clinic: ZClinicData.optional(),
});
export type PersonProfile = z.infer<typeof ZPersonProfile>;

/** Query of GET people: search by name or document, filter by role and node, page/limit. */
export const ZPeopleQuery = z.object({
  q: z.string().trim().max(100).optional(),
  role: ZPersonRole.optional(),
  node: ZIdText.optional(),
  descendants: z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1').optional(),
  status: ZEnrollmentStatus.optional(),
  page: zQueryInteger(1, 100_000).default(1),
  limit: zQueryInteger(1, 100).default(20),
});
export type PeopleQuery = z.infer<typeof ZPeopleQuery>;

/** PATCH people/{id}: own contact data for the person; the rest for school admins only. */
export const ZPersonPatch = z
  .object({
    email: z.union([ZEmail, z.literal('')]).nullable(),
    mobile: z.string().trim().max(40).regex(/^[+\d][\d\s().-]*$/, 'A mobile number has digits, spaces and an optional leading +').nullable(),
    language: ZLanguage.nullable(),
    firstName: z.string().trim().min(1).max(100),
    lastName: z.string().trim().min(1).max(100),
    lastName2: z.string().trim().max(100).nullable(),
    document: z.string().trim().min(1).max(40).nullable(),
    gender: z.enum(['female', 'male']).nullable(),
    birthday: z.iso.date().nullable(),
    studentCode: z.string().trim().max(40).nullable(),
    clinic: ZClinicData.partial(),
  })
  .partial()
  .strict();
export type PersonPatch = z.infer<typeof ZPersonPatch>;
/** Answer of PUT people/{id}/avatar: the new picture's signed URL (DELETE answers 204). */
export const ZAvatarUpload = z.object({ avatar: z.string() });
export type AvatarUpload = z.infer<typeof ZAvatarUpload>;

/** Fields of PATCH people/{id} a person may change about themselves. */
export const ownContactFields = ['email', 'mobile', 'language'] as const;

/**
 * A person another may message, and why (GET people/{id}/contacts): `relative` is one's own relative,
 * `family` another relative of one's children (the co-parent, a step-parent, a grandparent). `gender`
 * comes only on one's own relatives and only in one's own list (to say "son" or "daughter"); it is
 * null when the school never recorded it.
 */
export const ZContact = ZPersonCard.extend({
  reasons: z.array(
    z.enum(['teacher', 'group_director', 'staff', 'classmate', 'relative', 'family', 'student', 'student_relative', 'colleague']),
  ),
  gender: z
    .enum(['female', 'male'])
    .nullable()
    .optional()
    .describe("Only on one's own relatives (reason `relative`) in one's own list; null when not recorded."),
});
export type Contact = z.infer<typeof ZContact>;
