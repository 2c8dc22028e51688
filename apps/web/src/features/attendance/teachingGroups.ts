import { TEACHING_ROLES, type MembershipRole, type PersonProfile } from '@patio/core/schemas/people';

export interface TeachingGroup {
  nodeId: number;
  name: string;
}

/** The groups a person teaches (teacher, substitute or group director), once each, from their own profile. */
export function teachingGroupsOf(user: Pick<PersonProfile, 'groups'> | null): TeachingGroup[] {
  const groups = new Map<number, TeachingGroup>();
  for (const group of user?.groups ?? []) {
    if (TEACHING_ROLES.includes(group.role as MembershipRole) && !groups.has(group.nodeId)) groups.set(group.nodeId, { nodeId: group.nodeId, name: group.nodeName });
  }
  return [...groups.values()];
}

/** The address of a node's roll (for a day other than today, with ?date=). */
export function checkpointPath(nodeId: number, date?: string): string {
  return `/attendance/checkpoint/${nodeId}${date ? `?date=${date}` : ''}`;
}

export const attendanceAdminPath = '/attendance/admin';
