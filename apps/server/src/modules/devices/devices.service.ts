import type { DeviceRegistration } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { deleteDevice, upsertDevice } from './devices.queries';

/** spec §4 Session: authenticate registers the device for push. */
export async function registerDevice(ctx: RequestContext, personId: number, device: DeviceRegistration) {
  const row = await upsertDevice(ctx.db, ctx.org.id, personId, device);
  return { uuid: row.uuid, platform: row.platform, model: row.model, createdAt: row.created_at, updatedAt: row.updated_at };
}

/** spec §4 Session: logout deletes the device registration. */
export async function removeDevice(ctx: RequestContext, personId: number, uuid: string): Promise<void> {
  if (!(await deleteDevice(ctx.db, ctx.org.id, personId, uuid))) throw notFound('This device is not registered');
}
