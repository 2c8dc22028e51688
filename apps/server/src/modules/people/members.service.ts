import type { MemberCreate, NodeMember, NodeMembersQuery, NodeMembership } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { listedFor } from '../../policy/registrants.sql';
import { canSeeEnrollment, deleteMemberships, findMembers, groupMembers, upsertMembership } from '../nodes/index';
import { signedAvatarUrl } from './avatar.service';
import { findRolesOf, personExists } from './people.queries';

// The roster of a node lives with the people it lists (cards, avatars, roles); the nodes area says
// who may see it (nodeAccess) and owns the memberships.

/**
 * GET nodes/{id}/members: one entry per person with every role they hold in the node (issue 8);
 * enrollment only for those who may see it. Ended enrollments are left out unless asked for by
 * `status`, which needs the right to see enrollment. `total` counts people, as the tree's memberCount.
 */
export async function listMembers(ctx: RequestContext, nodeId: number, query: NodeMembersQuery = {}): Promise<{ items: NodeMember[]; total: number }> {
  const caller = requireCaller(ctx);
  const enrollment = await canSeeEnrollment(ctx.db, caller, nodeId);
  if (query.status && !enrollment) {
    throw forbidden('forbidden_filter', 'Only school-wide staff and the staff of this node may filter its members by enrollment status');
  }
  const rows = await findMembers(ctx.db, ctx.org.id, nodeId, listedFor(caller), { status: query.status });
  const people = groupMembers(rows, (r): NodeMembership => ({
    role: r.role as NodeMembership['role'],
    enrollmentStatus: enrollment ? (r.enrollment_status as NodeMembership['enrollmentStatus']) : null,
    outcome: enrollment ? (r.outcome as NodeMembership['outcome']) : null,
    schoolYear: r.school_year,
  }));
  const limit = query.limit ?? people.length;
  const page = people.slice(((query.page ?? 1) - 1) * limit, (query.page ?? 1) * limit);
  const roles = await findRolesOf(ctx.db, ctx.org.id, page.map((p) => p.row.id));
  const items = page.map(({ row, memberships }) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    lastName2: row.last_name2,
    avatar: signedAvatarUrl(ctx, row.avatar),
    roles: roles.get(row.id) ?? [],
    ...memberships[0],
    memberships,
  }));
  return { items, total: people.length };
}

/** POST nodes/{id}/members: adds a role (or updates its enrollment); only students have enrollment. */
export async function addMember(ctx: RequestContext, nodeId: number, input: MemberCreate): Promise<{ created: boolean; members: NodeMember[] }> {
  if (!(await personExists(ctx.db, ctx.org.id, input.personId))) throw badRequest('unknown_person', 'There is no such person in this school');
  const isStudent = input.role === 'student';
  if (!isStudent && (input.enrollmentStatus || input.outcome)) {
    throw badRequest('enrollment_for_students_only', 'Only students have an enrollment status and outcome');
  }
  const result = await upsertMembership(ctx.db, ctx.org.id, {
    nodeId,
    personId: input.personId,
    role: input.role,
    enrollmentStatus: isStudent ? (input.enrollmentStatus ?? 'active') : null,
    outcome: isStudent ? (input.outcome ?? null) : null,
    schoolYear: input.schoolYear ?? null,
  });
  return { created: result === 'created', members: (await listMembers(ctx, nodeId)).items };
}

/** DELETE nodes/{id}/members/{personId}[?role=]: one role, or every role of the person there. */
export async function removeMember(ctx: RequestContext, nodeId: number, personId: number, role?: string): Promise<void> {
  const removed = await deleteMemberships(ctx.db, ctx.org.id, nodeId, personId, role);
  if (removed === 0) throw notFound('This person has no such membership in this node');
}
