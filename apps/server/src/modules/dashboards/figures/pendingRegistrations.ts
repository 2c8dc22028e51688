import { listRegistrations } from '../../registration/index';
import type { Figure } from './figure';

// Families waiting for a decision on their registration (issue 36 §2; Inicio): how many, and since when
// the oldest has waited, from the registration area's own list (oldest first). Not bound to a period or
// a group: a pending registration waits until someone decides it, and belongs to no group yet.

export const pendingRegistrationsFigure: Figure<'pendingRegistrations'> = async (ctx) => {
  const { items, total } = await listRegistrations(ctx, { status: 'pending', limit: 1 });
  const oldest = items[0] ? Date.parse(items[0].createdAt) : null;
  return { kind: 'pendingRegistrations', count: total, oldestAt: oldest !== null && Number.isFinite(oldest) ? oldest : null };
};
