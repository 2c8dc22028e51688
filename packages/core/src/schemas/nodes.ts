import { z } from 'zod';
import { hasForbiddenNameCharacters } from '../people/nameCharacters';
import { ZId, zQueryInteger } from './ids';
import { ZEnrollmentOutcome, ZEnrollmentStatus, ZMembershipRole, ZPersonCard } from './people';

/** A name in each of the six languages (es, en, de, fr, it, pt). */
export const ZLocalizedName = z.object({
  es: z.string(),
  en: z.string(),
  de: z.string(),
  fr: z.string(),
  it: z.string(),
  pt: z.string(),
});
export type LocalizedName = z.infer<typeof ZLocalizedName>;

/** A kind of node (section, grade, class, team, route, extracurricular) with singular/plural names. */
export const ZNodeType = z.object({
  id: z.number().int(),
  key: z.string(),
  singular: ZLocalizedName.partial(),
  plural: ZLocalizedName.partial(),
});
export type NodeType = z.infer<typeof ZNodeType>;

/** A node of the school tree. */
export const ZNode = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  typeId: z.number().int(),
  typeKey: z.string(),
  name: z.string(),
  position: z.number().int(),
  memberCount: z.number().int(),
});
export type SchoolNode = z.infer<typeof ZNode>;

/** GET nodes: the whole tree (flat, parents before children) with its node types. */
export const ZNodeTree = z.object({ types: z.array(ZNodeType), nodes: z.array(ZNode) });
export type NodeTree = z.infer<typeof ZNodeTree>;

/** GET nodes/{id}: the node with its path from the root (breadcrumbs). */
export const ZNodeDetail = ZNode.extend({ path: z.array(z.object({ id: z.number().int(), name: z.string() })) });
export type NodeDetail = z.infer<typeof ZNodeDetail>;

/**
 * POST nodes. Names are unique among siblings (compared without case and repeated spaces: 409
 * `node_name_taken`) and hold no control, bidi-override or zero-width characters.
 */
export const ZNodeCreate = z
  .object({
    parentId: ZId.nullable(),
    typeId: ZId,
    name: z
      .string()
      .trim()
      .min(1)
      .max(120)
      .refine((name) => !hasForbiddenNameCharacters(name), 'Remove the invisible or control characters'),
    position: z.number().int().min(0).max(100_000).optional(),
  })
  .strict();
export type NodeCreate = z.infer<typeof ZNodeCreate>;

/** Rename and/or move (parentId) a node. */
export const ZNodePatch = ZNodeCreate.partial().strict();
export type NodePatch = z.infer<typeof ZNodePatch>;

/** One role a person holds in a node, with its enrollment (students only; null when the caller may not see it). */
export const ZNodeMembership = z.object({
  role: ZMembershipRole,
  enrollmentStatus: ZEnrollmentStatus.nullable(),
  outcome: ZEnrollmentOutcome.nullable(),
  schoolYear: z.string().nullable(),
});
export type NodeMembership = z.infer<typeof ZNodeMembership>;

/**
 * A member of a node: one entry per person, with every role they hold there in `memberships`
 * (issue 8). `role`, `enrollmentStatus`, `outcome` and `schoolYear` repeat the first of them, so a
 * client written when the list had one entry per role still reads a valid member.
 */
export const ZNodeMember = ZPersonCard.extend(ZNodeMembership.shape).extend({
  memberships: z.array(ZNodeMembership).min(1),
});
export type NodeMember = z.infer<typeof ZNodeMember>;

/** GET nodes/{id}/members: `status` lists the students with that enrollment status; `page` and `limit` page the people (all when absent). */
export const ZNodeMembersQuery = z.object({
  status: ZEnrollmentStatus.optional(),
  page: zQueryInteger(1, 100_000).optional(),
  limit: zQueryInteger(1, 500).optional(),
});
export type NodeMembersQuery = z.infer<typeof ZNodeMembersQuery>;

export const ZMemberCreate = z
  .object({
    personId: ZId,
    role: ZMembershipRole,
    enrollmentStatus: ZEnrollmentStatus.optional(),
    outcome: ZEnrollmentOutcome.nullable().optional(),
    schoolYear: z.string().trim().regex(/^\d{4}(-\d{4})?$/, 'A school year looks like 2026 or 2025-2026').optional(),
  })
  .strict();
export type MemberCreate = z.infer<typeof ZMemberCreate>;

export const ZAdminCreate = z.object({ personId: ZId }).strict();
