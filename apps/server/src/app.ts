import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { type AppConfig, DEFAULT_READY_MAX_JOB_LAG_SECONDS, defaultJobsConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { seedDemoSchools } from './db/seed/index';
import { withTenantGuard } from './db/tenant-guard';
import { CallerCache } from './http/caller-cache';
import { registerApiCompression } from './http/compression';
import { checkedResponseSerializerCompiler, responseSerializerCompiler } from './http/response-serializer';
import { keepCallersFresh } from './http/caller-invalidation';
import type { AppServices } from './http/context';
import { registerDocs } from './http/docs';
import { installErrorHandler } from './http/errors';
import { frameworkErrorOptions } from './http/framework-errors';
import { installInputGuard } from './http/input-guard';
import { installSlowRequestGuards, serverTimeoutOptions } from './http/slow-requests';
import { registerRateLimits } from './http/rate-limits';
import { answerWithRequestIds, createLogger, requestIdOptions } from './http/logging';
import { healthRoutes } from './http/health.routes';
import { metricsRoutes } from './http/metrics.routes';
import { readinessChecker } from './http/readiness';
import { installSchoolScope } from './http/school-scope';
import { registerSecurityHeaders } from './http/security-headers';
import { hasWebApp, registerWebApp, sendIndexHtml } from './http/web';
import { AccessTokens, SignInLimiter } from './modules/auth/index';
import { cachedOrg, findOrgByCode } from './modules/org/index';
import { findSignedInCaller } from './modules/people/index';
import { assertRegistrationAllows, RegistrationLimiter, registrationChecks } from './modules/registration/index';
import { sessionHolds } from './modules/sessions/index';
import { PolicyRegistry } from './policy/registry';
import { storageFor } from './platform/storage/create-storage';
import { createEventBus } from './platform/events/create-event-bus';
import { EventBusProbe } from './platform/events/bus-probe';
import { createAppMetrics } from './platform/metrics/app-metrics';
import { JobQueue } from './platform/jobs/jobs';
import { closeMailerOf } from './platform/mail/mailer';
import { seedMissingPostTypes } from './modules/posts/index';
import { registerLiveUpdates } from './modules/live/index';
import { areaManifests, registerJobHandlers } from './modules/manifests';

/** The routes, live topics and pages of every area, as their manifests declare them (modules/manifests.ts). */
const schoolAreas = areaManifests.flatMap((area) => area.routes ?? []);
const rootRoutes = areaManifests.flatMap((area) => area.rootRoutes ?? []);
const webPages = areaManifests.flatMap((area) => area.webRoutes ?? []);
const liveTopics = areaManifests.flatMap((area) => area.liveTopics ?? []);

/** Strict CSP for the SPA (Mantine needs inline styles; live updates use WebSockets). */
const contentSecurityPolicy = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    // https: reaches a school's legacy module host (a school setting, blocks issue).
    connectSrc: ["'self'", 'ws:', 'wss:', 'https:'],
    // Video and drive-document blocks embed these players only.
    frameSrc: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com', 'https://docs.google.com', 'https://drive.google.com', 'https://onedrive.live.com', 'https://*.sharepoint.com'],
    mediaSrc: ["'self'", 'blob:'],
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
  const opened = openDatabase(config);
  let db = opened.db;
  const dialect = opened.dialect;
  try {
    await migrateToLatest(db);
    // Every school has the kinds of post, however old (crosses schools, so before the guard).
    await seedMissingPostTypes(db);
    // After the migrations, whose backfills cross schools on purpose.
    if (config.tenantGuard) db = await withTenantGuard(db);
    if (config.seedDemo) await seedDemoSchools(db);
  } catch (err) {
    await db.destroy();
    throw err;
  }

  const app = Fastify({
    loggerInstance: await createLogger(config),
    // Every request's log lines carry its id, which the answer's X-Request-Id header repeats.
    ...requestIdOptions,
    trustProxy: trustedProxies(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // An upload may take 20 minutes (spec §9), any other request 30 s (http/slow-requests.ts).
    ...serverTimeoutOptions(config),
    ...frameworkErrorOptions,
  });
  const events = createEventBus(config, app.log);
  const rateLimits = await registerRateLimits(app, config);
  const jobs = registerJobHandlers(new JobQueue({ db, dialect, config, events, log: app.log }));
  const tokens = new AccessTokens(config.jwtSecret, config.accessTokenTtl);
  // The school scope (http/) gets the areas it needs as services.
  const callers = new CallerCache(
    {
      findOrg: (code) => cachedOrg(db, code, () => findOrgByCode(db, code)),
      findCaller: (orgId, personId) => findSignedInCaller(db, orgId, personId),
      assertRegistrationAllows,
      sessionHolds: (orgId, personId, sessionId) => sessionHolds(db, orgId, personId, sessionId),
    },
    tokens,
  );
  const stopFreshCallers = keepCallersFresh(callers, opened.writes, events, app.log);
  const services: AppServices = {
    config,
    db,
    dialect,
    tokens,
    callers,
    limiter: new SignInLimiter(config.signInLimits, rateLimits),
    registrationLimiter: new RegistrationLimiter(config.registrationLimits, rateLimits),
    rateLimits,
    registrationChecks,
    policies: new PolicyRegistry(),
    storage: storageFor(config),
    routes: [],
    jobs,
    events,
  };
  app.decorate('patio', services);
  // Health, readiness and metrics (issue 31): before any route, so the HTTP histogram sees them all.
  const busProbe = new EventBusProbe(events);
  const metrics = createAppMetrics(app, config, {
    db,
    pool: opened.pool,
    sqliteFile: opened.file,
    liveSockets: () => (app.hasDecorator('live') ? app.live.stats() : { open: 0, pending: 0 }),
    busProbe,
  });
  const readiness = readinessChecker({
    db,
    storage: services.storage,
    storageKind: config.s3 ? 's3' : 'local',
    busProbe,
    usesRedis: config.redisUrl !== undefined,
    maxJobLagSeconds: config.readyMaxJobLagSeconds ?? DEFAULT_READY_MAX_JOB_LAG_SECONDS,
    log: app.log,
  });
  answerWithRequestIds(app);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) services.routes.push({ method, url: route.url });
  });
  app.decorateRequest('org', null as never);
  app.decorateRequest('caller', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(config.validateResponses ? checkedResponseSerializerCompiler : responseSerializerCompiler);
  app.addHook('onClose', async () => db.destroy());
  app.addHook('onClose', async () => closeMailerOf(config));
  app.addHook('onClose', async () => stopFreshCallers().catch(() => {}));
  // onClose hooks run last-added first: the worker stops, then the bus closes, then the database.
  // The worker starts stopping as soon as closing begins (preClose), while requests finish.
  app.addHook('onClose', async () => events.close());
  let closing = false;
  let stoppingJobs: Promise<void> | undefined;
  app.addHook('preClose', async () => {
    closing = true;
    stoppingJobs = jobs.stop();
    // Fastify closes the idle keep-alive sockets once, when closing begins; one that finishes its
    // request just after (a proxy's pooled connection) would hold the close until the hard stop.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 100).unref();
    app.server.once('close', () => clearInterval(sweep));
  });
  app.addHook('onClose', async () => (stoppingJobs ?? jobs.stop()));
  // A request that was in flight when closing began is answered with Connection: close, so its
  // socket ends with the answer instead of idling until the client lets go of it.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing && !reply.hasHeader('connection')) reply.header('connection', 'close');
    done(null, payload);
  });

  installErrorHandler(app);
  installInputGuard(app);
  installSlowRequestGuards(app, config);
  await registerSecurityHeaders(app, { contentSecurityPolicy, crossOriginEmbedderPolicy: false });
  await app.register(formbody);
  await registerApiCompression(app);
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
  await registerDocs(app);
  // WebSocket upgrades reach only routes registered after this (GET /api/{org}/live).
  await registerLiveUpdates(app, { topics: liveTopics });

  // API answers carry tokens and personal data: never cache them in shared caches.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  await app.register(healthRoutes, { readiness });
  await app.register(metricsRoutes, { metrics });
  for (const plugin of rootRoutes) await app.register(plugin);
  await app.register(
    async (school) => {
      installSchoolScope(school);
      for (const area of schoolAreas) await school.register(area);
    },
    { prefix: '/api/:org' },
  );

  const webApp = hasWebApp(config.webRoot) ? config.webRoot : null;
  if (webApp) await registerWebApp(app, webApp);
  // Pages beside the web app, such as a bus share link's, which answers 410 once the link has expired (issue 13).
  if (webApp) for (const page of webPages) await page(app);
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
  if ((config.jobs ?? defaultJobsConfig).inProcess) jobs.start();
  return app;
}
