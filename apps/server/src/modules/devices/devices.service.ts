import type { DeviceRegistration } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { badRequest, notFound } from '../../http/errors';
import { endpointUrlOf } from '../../platform/push/endpoint-guard';
import { parseSubscription } from '../../platform/push/web-push';
import { deleteDevice, upsertDevice } from './devices.queries';

/** spec §4 Session: authenticate registers the device for push. */
export async function registerDevice(ctx: RequestContext, personId: number, device: DeviceRegistration) {
  if (device.platform === 'web') assertWebSubscription(ctx, device.token);
  const row = await upsertDevice(ctx.db, ctx.org.id, personId, device);
  return { uuid: row.uuid, platform: row.platform, model: row.model, createdAt: row.created_at, updatedAt: row.updated_at };
}

/** spec §4 Session: logout deletes the device registration. */
export async function removeDevice(ctx: RequestContext, personId: number, uuid: string): Promise<void> {
  if (!(await deleteDevice(ctx.db, ctx.org.id, personId, uuid))) throw notFound('This device is not registered');
}

/**
 * A browser's token is its PushSubscription JSON, and its endpoint is where the server will post: it
 * must be one (P-256 key, 16-byte secret) and on https (http only where tests allow it), or 400 now
 * rather than a delivery that can never work.
 */
function assertWebSubscription(ctx: RequestContext, token: string): void {
  const subscription = parseSubscription(token);
  if (!subscription) throw badRequest('invalid_subscription', 'The token of a web device is the JSON of its PushSubscription: {endpoint, keys: {p256dh, auth}}');
  if (!endpointUrlOf(subscription.endpoint, ctx.services.config.pushAllowInsecureEndpoints === true)) {
    throw badRequest('endpoint_not_allowed', 'A push endpoint must be an https address');
  }
}
