import { z } from 'zod';
import { always, definePolicy, isSelf, zId } from '../../policy/policy';

export const notificationPolicies = {
  /** GET people/{id}/settings/notifications: a person reads their own settings. */
  readSettings: definePolicy({ method: 'GET', path: 'people/:id/settings/notifications', params: z.object({ id: zId }), check: isSelf }),
  /**
   * PUT people/{id}/settings/notifications: only the person; relatives receive their children's posts
   * under their own settings, so nobody sets another's.
   */
  updateSettings: definePolicy({ method: 'PUT', path: 'people/:id/settings/notifications', params: z.object({ id: zId }), check: isSelf }),
  /** GET notifications/unsubscribe?token=: anyone holding a mail's signed link sees the question; nothing changes. */
  unsubscribePage: definePolicy({ method: 'GET', path: 'notifications/unsubscribe', public: true, check: always }),
  /** POST notifications/unsubscribe?token=: the one-click unsubscribe (RFC 8058); the signed token is the authority. */
  unsubscribe: definePolicy({ method: 'POST', path: 'notifications/unsubscribe', public: true, check: always }),
};
