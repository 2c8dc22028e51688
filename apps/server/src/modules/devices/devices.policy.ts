import { z } from 'zod';
import { definePolicy, isSelf, zId } from '../../policy/policy';

export const devicePolicies = {
  /** POST people/{id}/devices: a person registers only their own devices for push. */
  register: definePolicy({ method: 'POST', path: 'people/:id/devices', params: z.object({ id: zId }), check: isSelf }),
  /** DELETE people/{id}/devices/{uuid}: on sign-out, only by the person (an account awaiting approval too). */
  remove: definePolicy({
    method: 'DELETE',
    path: 'people/:id/devices/:uuid',
    registrants: true,
    params: z.object({ id: zId, uuid: z.string().min(1).max(200) }),
    check: isSelf,
  }),
};
