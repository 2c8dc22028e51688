import type { DashboardBlockKind } from '@patio/core';
import type { RequestContext } from '../../http/context';
import type { Caller, Policy } from '../../policy/policy';
import { attendancePolicies } from '../attendance/index';
import { isBillingStaff } from '../billing/index';
import { registrationPolicies } from '../registration/index';
import { transportPolicies } from '../transport/index';

// Which kinds of block a viewer may see at all (403 `forbidden_block` otherwise), each as the area
// that owns the data decides it: where an area has a route for the same data, its policy is asked, so
// a dashboard never shows what that area's own screen would refuse. Within a kind, each figure shows
// only what the viewer reaches (their groups, the posts they may read, the routes they see).

type Viewer = RequestContext & { caller: Caller };
type Right = (viewer: Viewer) => boolean | Promise<boolean>;

const asPolicy =
  (policy: Policy): Right =>
  ({ caller, org, db }) =>
    policy.check({ caller, org, db, params: {} });

const billingStaff: Right = ({ caller }) => isBillingStaff(caller);
/** Every staff member: the figure itself keeps to what they may read (posts, forms, their groups). */
const staff: Right = ({ caller }) => caller.isStaff;

export const blockRights: Record<DashboardBlockKind, Right> = {
  // GET attendance/reports and attendance/day: administrators, school-wide employees, teachers and employees over their subtrees.
  attendance: asPolicy(attendancePolicies.readReport),
  rollsNotTaken: asPolicy(attendancePolicies.readDay),
  // GET registrations.
  pendingRegistrations: asPolicy(registrationPolicies.listRegistrations),
  // Billing staff screens (billing.staff.policy.ts): administrators and school-wide employees.
  billing: billingStaff,
  payments: billingStaff,
  readRate: staff,
  formResults: staff,
  classroomCompletion: ({ caller }) => caller.isAdmin || caller.isSchoolWide || caller.teachingNodeIds.length > 0 || caller.employeeNodeIds.length > 0,
  // GET transport/routes: each sees the routes they see.
  busesRunning: asPolicy(transportPolicies.listRoutes),
};

/** The viewer may see blocks of `kind`. */
export async function maySeeKind(viewer: Viewer, kind: DashboardBlockKind): Promise<boolean> {
  return await blockRights[kind](viewer);
}
