import { ZNotificationSettings } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { notificationPolicies } from './notifications.policy';
import { readNotificationSettings, updateNotificationSettings } from './settings.service';

const SETTINGS_DESCRIPTION =
  '`channels` turns email, SMS, the iOS app, the Android app and web browsers on or off; `types` overrides a channel for ' +
  'one kind of post (e.g. `{"news": {"email": false}}`). `quietHours` `{start, end}` (HH:MM in the school time zone; ' +
  'start after end spans midnight) holds deliveries until the quiet time ends; `digest` gathers emails into one daily ' +
  'email at `digestTime`. Urgent notices bypass quiet hours and the digest. A new person: app, web and email on, SMS off, ' +
  'no quiet hours, no digest.';

export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(notificationPolicies.readSettings),
    schema: {
      tags: ['notifications'],
      summary: "A person's notification settings (the person themself)",
      description: SETTINGS_DESCRIPTION,
      params: paramsOf(notificationPolicies.readSettings),
      response: { 200: ZNotificationSettings, ...errors(400, 401, 403) },
    },
    handler: async (request) => readNotificationSettings(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(notificationPolicies.updateSettings),
    schema: {
      tags: ['notifications'],
      summary: "Replace a person's notification settings (the person themself)",
      description: `${SETTINGS_DESCRIPTION} The body is the whole settings object; unknown keys are 400. Answers the settings as stored.`,
      params: paramsOf(notificationPolicies.updateSettings),
      body: ZNotificationSettings,
      response: { 200: ZNotificationSettings, ...errors(400, 401, 403) },
    },
    handler: async (request) => updateNotificationSettings(contextOf(request), request.params.id, request.body),
  });
}
