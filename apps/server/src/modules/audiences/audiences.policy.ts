import { definePolicy, isStaff } from '../../policy/policy';

export const audiencePolicies = {
  /**
   * POST audiences/preview: staff compose for audiences (administrators, teachers, employees; a driver
   * alone is not staff). Which fields each may use is checked on the rule (audiences.access.ts).
   */
  preview: definePolicy({ method: 'POST', path: 'audiences/preview', check: isStaff }),
};
