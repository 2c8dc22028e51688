import { z } from 'zod';
import { definePolicy, isSelf, zId } from '../../policy/policy';

export const notificationPolicies = {
  /** GET people/{id}/settings/notifications: a person reads their own settings. */
  readSettings: definePolicy({ method: 'GET', path: 'people/:id/settings/notifications', params: z.object({ id: zId }), check: isSelf }),
  /**
   * PUT people/{id}/settings/notifications: only the person; relatives receive their children's posts
   * under their own settings, so nobody sets another's.
   */
  updateSettings: definePolicy({ method: 'PUT', path: 'people/:id/settings/notifications', params: z.object({ id: zId }), check: isSelf }),
};
