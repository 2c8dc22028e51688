import { ZLegacyHostRequest, ZSettings, ZSignInSettingsRequest, ZTimeZoneSetting } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, originOf, paramsOf, routeOf } from '../../http/school-scope';
import { defaultMapTiles } from '../../config';
import { errors } from '../../http/schemas';
import { vapidKeysFor } from '../../platform/push/vapid-keys';
import { settingsPolicies } from './settings.policy';
import { publicSettings, updateLegacyHost, updateSignInSettings, updateTimeZone } from './settings.service';

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...routeOf(settingsPolicies.read),
    schema: {
      tags: ['settings'],
      summary: "The school's public settings (spec §3 Settings)",
      description:
        'Title, colour (default #1C89B8), logo, which sign-in providers are configured, whether an email address is accepted ' +
        'in place of a username (signInByEmail), where legacy modules live (legacyHost, null for the default), the ' +
        "school's IANA time zone (timeZone, America/Bogota unless set), plus free keys such as currencyPostfix and " +
        'tuCompra, and the VAPID public key browsers subscribe to Web Push with (vapidPublicKey), and the map tile layer (mapTiles, MAP_TILE_URL). No token needed.',
      params: paramsOf(settingsPolicies.read),
      response: { 200: ZSettings, ...errors(400, 404) },
    },
    handler: async (request) => ({
      ...publicSettings(request.org, request.server.patio.config.oidc, originOf(request)),
      vapidPublicKey: vapidKeysFor(request.server.patio.config).publicKey,
      mapTiles: request.server.patio.config.mapTiles ?? defaultMapTiles,
    }),
  });

  r.route({
    ...routeOf(settingsPolicies.updateSignIn),
    schema: {
      tags: ['settings'],
      summary: 'Choose how people of the school sign in (school administrators)',
      description:
        'signInByEmail: true lets POST oauth/token take an email address in the username field when it belongs to exactly ' +
        'one person of the school with a password (otherwise the same 401 as a wrong password). Off by default. Answers ' +
        'the public settings as they are now.',
      params: paramsOf(settingsPolicies.updateSignIn),
      body: ZSignInSettingsRequest,
      response: { 200: ZSettings, ...errors(400, 401, 403) },
    },
    handler: async (request) => updateSignInSettings(contextOf(request), request.body),
  });

  r.route({
    ...routeOf(settingsPolicies.updateLegacyHost),
    schema: {
      tags: ['settings'],
      summary: "Set where the school's legacy modules live (school administrators)",
      description:
        'legacyHost: an http or https address (at most 300 characters, no user or password, no query or fragment; a ' +
        'path prefix is kept, trailing slashes are dropped) from which v3 blocks read `{legacyHost}/{block url}` with the ' +
        'bearer token; null goes back to the default, the API host without its api part. Answers the public settings.',
      params: paramsOf(settingsPolicies.updateLegacyHost),
      body: ZLegacyHostRequest,
      response: { 200: ZSettings, ...errors(400, 401, 403) },
    },
    handler: async (request) => updateLegacyHost(contextOf(request), request.body),
  });

  r.route({
    ...routeOf(settingsPolicies.updateTimeZone),
    schema: {
      tags: ['settings'],
      summary: "Set the school's time zone (school administrators)",
      description:
        'timeZone: an IANA name (e.g. America/Bogota, Europe/Madrid); one this server does not know is 400 ' +
        '`invalid_time_zone` and nothing changes. Calendar windows, all-day events and recurrences of events written from ' +
        'now on follow it; events already written keep the zone they were written in. Unset, the school is in ' +
        'America/Bogota. GET vue/settings carries it as `timeZone`. Answers `{timeZone}`.',
      params: paramsOf(settingsPolicies.updateTimeZone),
      body: ZTimeZoneSetting,
      response: { 200: ZTimeZoneSetting, ...errors(400, 401, 403) },
    },
    handler: async (request) => updateTimeZone(contextOf(request), request.body),
  });
}
