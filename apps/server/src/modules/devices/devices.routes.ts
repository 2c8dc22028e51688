import { ZDeviceRegistration } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { describeSession, sessionIdOf } from '../sessions/index';
import { devicePolicies } from './devices.policy';
import { registerDevice, removeDevice } from './devices.service';

const ZRegisteredDevice = z.object({
  uuid: z.string(),
  platform: z.string(),
  model: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export async function deviceRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(devicePolicies.register),
    schema: {
      tags: ['devices'],
      summary: 'Register a device for push notifications (the person themself)',
      description: 'Upserts by uuid; the push token is never echoed back. The platform and model also name the signed-in session of the token in `GET sessions` (except `web`, whose User-Agent says more).',
      params: paramsOf(devicePolicies.register),
      body: ZDeviceRegistration,
      response: { 201: ZRegisteredDevice, ...errors(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const ctx = contextOf(request);
      const registered = await registerDevice(ctx, request.params.id, request.body);
      // The app names its device better than its User-Agent did: the signed-in devices list shows this.
      const sessionId = sessionIdOf(request);
      if (sessionId !== null) await describeSession(ctx, request.params.id, sessionId, request.body);
      reply.code(201);
      return registered;
    },
  });

  r.route({
    ...routeOf(devicePolicies.remove),
    schema: {
      tags: ['devices'],
      summary: 'Remove a device registration (on sign-out)',
      params: paramsOf(devicePolicies.remove),
      response: { 204: z.undefined().describe('Removed'), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await removeDevice(contextOf(request), request.params.id, request.params.uuid);
      return reply.code(204).send();
    },
  });
}
