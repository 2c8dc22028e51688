import type { AppConfig } from '../config';
import type { Database, DialectName } from '../db/database';
import type { AccessTokens } from '../modules/auth/tokens';
import type { SignInLimiter } from '../modules/auth/sign-in-limiter';
import type { RegistrationLimiter } from '../modules/registration/registration.limiter';
import type { Caller, Org, Policy } from '../policy/policy';
import type { PolicyRegistry } from '../policy/registry';
import type { FileStorage } from '../platform/storage/storage';

/** Long-lived services of one app instance (one per buildApp call, so tests stay isolated). */
export interface AppServices {
  config: AppConfig;
  db: Database;
  dialect: DialectName;
  tokens: AccessTokens;
  limiter: SignInLimiter;
  registrationLimiter: RegistrationLimiter;
  policies: PolicyRegistry;
  /** Uploaded files (avatars…): local disk under DATA_DIR/files by default. */
  storage: FileStorage;
  /** Every registered route (method, url as declared): the authorization test walks it. */
  routes: { method: string; url: string }[];
}

/** What a service needs to act for one request inside one school. */
export interface RequestContext {
  db: Database;
  org: Org;
  caller: Caller | null;
  services: AppServices;
  /** `<scheme>://<host>` of the request, or PUBLIC_URL. */
  origin: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    patio: AppServices;
  }
  interface FastifyRequest {
    org: Org;
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    policy?: Policy;
  }
}
