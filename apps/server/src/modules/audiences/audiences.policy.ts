import { definePolicy, type PolicyContext } from '../../policy/policy';
import { isStaffMember } from './audiences.queries';

/** Staff: school administrators and people with a teaching or employee role in the school. */
async function isStaff({ caller, db, org }: PolicyContext<unknown>): Promise<boolean> {
  if (!caller) return false;
  return caller.isAdmin || (await isStaffMember(db, org.id, caller.id));
}

export const audiencePolicies = {
  /** POST audiences/preview: count and sample of a person-selection rule (staff compose for audiences). */
  preview: definePolicy({ method: 'POST', path: 'audiences/preview', check: isStaff }),
};
