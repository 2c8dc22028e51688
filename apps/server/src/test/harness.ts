import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe } from 'vitest';
import { buildApp } from '../app';
import { type AppConfig, loopbackAppConfig } from '../config';
import type { Database } from '../db/database';
import { takeTenantRefusals, TenantScopeError } from '../db/tenant-guard';
import type { Org } from '../policy/policy';
import { createMigratedDatabase, type FreshDatabase, type TestDatabaseKind, testDatabases } from './databases';
import { makeFactories, type Factories } from './factories';

export interface TestApp extends Factories {
  readonly app: FastifyInstance;
  readonly db: Database;
  readonly config: AppConfig;
  readonly kind: TestDatabaseKind;
  /** app.inject with `token` as a bearer token and `body` as JSON. */
  request(options: TestRequest): Promise<LightMyRequestResponse>;
  /** Runs every due job now and waits for it (mails queued by the last request are sent), instead of sleeping. */
  drainJobs(): Promise<void>;
}

export interface TestRequest {
  method: InjectOptions['method'];
  url: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export function testConfig(fresh: FreshDatabase, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loopbackAppConfig(fresh.dataDir),
    databaseUrl: fresh.databaseUrl,
    validateResponses: true,
    tenantGuard: true,
    ...overrides,
  };
}

/**
 * Registers hooks that build an app on a fresh migrated database of `kind` before the suite and drop
 * it after. The returned object's getters work inside tests.
 */
export function useTestApp(kind: TestDatabaseKind, overrides: Partial<AppConfig> = {}): TestApp {
  let app: FastifyInstance | undefined;
  let fresh: FreshDatabase | undefined;
  let config: AppConfig | undefined;
  let factories: Factories | undefined;

  beforeAll(async () => {
    // Suites share their worker (isolate: false): refusals left by an earlier file's own guard tests are not this suite's.
    takeTenantRefusals();
    fresh = await createMigratedDatabase(kind);
    config = testConfig(fresh, overrides);
    app = await buildApp(config);
    factories = makeFactories(app);
  });
  afterAll(async () => {
    await app?.close();
    await fresh?.drop();
  });
  // A query the tenant guard refused inside a request shows as a bare 500: name it.
  afterEach(() => {
    const refused = takeTenantRefusals();
    if (refused.length > 0) throw new TenantScopeError(refused.join('\n\n'));
  });

  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The test app is used outside a test');
    return value;
  };
  return {
    kind,
    get app() {
      return need(app);
    },
    get db() {
      return need(app).patio.db;
    },
    get config() {
      return need(config);
    },
    makeSchool: (...args) => need(factories).makeSchool(...args),
    makePerson: (...args) => need(factories).makePerson(...args),
    signIn: (...args) => need(factories).signIn(...args),
    makeTree: (...args) => need(factories).makeTree(...args),
    relate: (...args) => need(factories).relate(...args),
    enroll: (...args) => need(factories).enroll(...args),
    assign: (...args) => need(factories).assign(...args),
    drainJobs: () => need(app).patio.jobs.drain(),
    request: ({ method, url, token, body, headers }) =>
      need(app).inject({
        method,
        url,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        ...(body !== undefined ? { payload: body as InjectOptions['payload'] } : {}),
      }),
  };
}

/** The same suite on SQLite and on PostgreSQL (shown as skipped when PATIO_TEST_PG_URL is unset). */
export function describeOnDatabases(
  title: string,
  body: (t: TestApp) => void,
  overrides: Partial<AppConfig> = {},
): void {
  for (const kind of testDatabases) {
    describe.skipIf(kind.skip)(`${title} on ${kind.label}`, () => {
      body(useTestApp(kind, overrides));
    });
  }
}

export type { Org };
