import { join } from 'node:path';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemoSchool } from './db/seed/index';
import type { AppServices } from './http/context';
import { registerDocs } from './http/docs';
import { installErrorHandler } from './http/errors';
import { frameworkErrorOptions } from './http/framework-errors';
import { installInputGuard } from './http/input-guard';
import { loggerOptions } from './http/logging';
import { installSchoolScope } from './http/school-scope';
import { hasWebApp, registerWebApp, sendIndexHtml } from './http/web';
import { adminsRoutes } from './modules/admins/admins.routes';
import { allowedRoutes } from './modules/allowed/allowed.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { SignInLimiter } from './modules/auth/sign-in-limiter';
import { AccessTokens } from './modules/auth/tokens';
import { deviceRoutes } from './modules/devices/devices.routes';
import { i18nRoutes } from './modules/i18n/i18n.routes';
import { importRoutes } from './modules/import/import.routes';
import { RegistrationLimiter } from './modules/registration/registration.limiter';
import { registrationRoutes } from './modules/registration/registration.routes';
import { audienceRoutes } from './modules/audiences/audiences.routes';
import { nodesRoutes } from './modules/nodes/nodes.routes';
import { directoryRoutes } from './modules/org/org.routes';
import { peopleRoutes } from './modules/people/people.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { PolicyRegistry } from './policy/registry';
import { LocalDiskStorage } from './platform/storage/local-disk';

/** The routes of one school, mounted under /api/{org}/. A new area adds its plugin here. */
const schoolAreas = [authRoutes, peopleRoutes, deviceRoutes, allowedRoutes, settingsRoutes, i18nRoutes, nodesRoutes, adminsRoutes];
schoolAreas.push(importRoutes);
schoolAreas.push(registrationRoutes);
schoolAreas.push(audienceRoutes);

/** Strict CSP for the SPA (Mantine needs inline styles; live updates use WebSockets). */
const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    connectSrc: ["'self'", 'ws:', 'wss:'],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  },
};

/** TRUST_PROXY for Fastify: a hop count trusts that many proxies nearest the server (its types take no number). */
function trustedProxies(setting: AppConfig['trustProxy']) {
  if (setting === undefined) return false;
  if (typeof setting === 'number') return (_address: string, hop: number) => hop < setting;
  return setting;
}

/** Builds the whole server on a migrated (and, if configured, seeded) database. Used by main and tests. */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const { db, dialect } = openDatabase(config);
  try {
    await migrateToLatest(db);
    if (config.seedDemo) await seedDemoSchool(db);
  } catch (err) {
    await db.destroy();
    throw err;
  }

  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    trustProxy: trustedProxies(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    ...frameworkErrorOptions,
  });
  const services: AppServices = {
    config,
    db,
    dialect,
    tokens: new AccessTokens(config.jwtSecret, config.accessTokenTtl),
    limiter: new SignInLimiter(config.signInLimits),
    registrationLimiter: new RegistrationLimiter(config.registrationLimits),
    policies: new PolicyRegistry(),
    storage: new LocalDiskStorage(join(config.dataDir, 'files')),
    routes: [],
  };
  app.decorate('patio', services);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) services.routes.push({ method, url: route.url });
  });
  app.decorateRequest('org', null as never);
  app.decorateRequest('caller', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onClose', async () => db.destroy());

  installErrorHandler(app);
  installInputGuard(app);
  await app.register(helmet, { contentSecurityPolicy, crossOriginEmbedderPolicy: false });
  await app.register(formbody);
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
  await registerDocs(app);

  // API answers carry tokens and personal data: never cache them in shared caches.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  await app.register(directoryRoutes);
  await app.register(
    async (school) => {
      installSchoolScope(school);
      for (const area of schoolAreas) await school.register(area);
    },
    { prefix: '/api/:org' },
  );

  const webApp = hasWebApp(config.webRoot) ? config.webRoot : null;
  if (webApp) await registerWebApp(app, webApp);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if (webApp && (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && path !== '/api') {
      return sendIndexHtml(reply);
    }
    return reply.code(404).send({
      error: 'not_found',
      message: path.startsWith('/api') ? `No API endpoint ${request.method} ${path}` : 'The web app is not built (npm run build)',
    });
  });

  await app.ready();
  return app;
}
