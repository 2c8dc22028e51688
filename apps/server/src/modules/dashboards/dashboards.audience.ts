import { type DashboardBlockOptions, type DASHBOARD_AUDIENCES, ZDashboardAudience, ZDashboardBlockOptions } from '@patio/core';
import type { Caller } from '../../policy/policy';

// Who a dashboard is for (issue 36 §2; docs/decisions/032-dashboards.md). Dashboards are staff pages:
// families, students and drivers never see one. Administrators see every dashboard of their school;
// other staff see those whose audience names them: 'teachers' anyone who teaches or directs a group,
// 'employees' employees of a node (school-wide or of a subtree; a driver is no employee here).

type Audience = (typeof DASHBOARD_AUDIENCES)[number][];

/** A dashboard's audience as stored (JSON text); anything unreadable counts as nobody but administrators. */
export function parseAudience(text: string): Audience {
  try {
    const parsed = ZDashboardAudience.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** A block's options as stored; defaults fill anything missing. */
export function parseOptions(text: string): DashboardBlockOptions {
  try {
    const parsed = ZDashboardBlockOptions.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // a hand-edited row: read as the defaults below
  }
  return ZDashboardBlockOptions.parse({});
}

/** The caller sees a dashboard meant for `audience`. */
export function isInAudience(caller: Caller, audience: readonly string[]): boolean {
  if (!caller.isStaff) return false;
  if (caller.isAdmin) return true;
  if (audience.includes('teachers') && caller.teachingNodeIds.length > 0) return true;
  return audience.includes('employees') && (caller.employeeNodeIds.length > 0 || caller.isSchoolWide);
}
