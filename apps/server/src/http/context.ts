import type { AppConfig } from '../config';
import type { CallerCache } from './caller-cache';
import type { Database, DialectName } from '../db/database';
import type { Caller, Org, Policy } from '../policy/policy';
import type { PolicyRegistry } from '../policy/registry';
import type { FileStorage } from '../platform/storage/storage';
import type { EventBus } from '../platform/events/event-bus';
import type { JobQueue } from '../platform/jobs/jobs';
import type { RateLimits } from './rate-limits';

// The services below are interfaces so that http/ knows no area (.dependency-cruiser.cjs): the areas
// implement them and app.ts wires the implementations in.

/** Access tokens (modules/auth/tokens.ts AccessTokens). */
export interface AccessTokenService {
  readonly ttlSeconds: number;
  /** `sessionId`: the sign-in's row in `sessions` (modules/sessions), carried as the `sid` claim. */
  sign(orgCode: string, personId: number, ttlSeconds?: number, sessionId?: number): Promise<string>;
  /** Throws 401 for a bad or expired token. */
  verify(token: string): Promise<{ personId: number; orgCode: string; sessionId: number | null }>;
}

/** Failed sign-ins per account and IP (modules/auth/sign-in-limiter.ts SignInLimiter). */
export interface SignInThrottle {
  /** Throws 429, or waits the account's backoff. */
  admit(accountKey: string | null, ip: string): Promise<void>;
  recordFailure(accountKey: string | null, ip: string): Promise<void>;
}

/** Registrations and failed verifications per IP (modules/registration/registration.limiter.ts RegistrationLimiter). */
export interface RegistrationThrottle {
  countRegistration(ip: string): Promise<void>;
  assertVerifyAllowed(ip: string): Promise<void>;
  recordVerifyFailure(ip: string): Promise<void>;
}

/**
 * What password sign-in must ask about self-registered accounts (modules/registration): auth cannot
 * import the registration area, which builds accounts with auth's passwords and tokens.
 */
export interface RegistrationChecks {
  /** Deletes the unverified registrations of `username` whose time ran out, before it signs in. */
  dropExpired(db: Database, orgId: number, username: string): Promise<void>;
  /** The account's email address is not verified yet: it may not sign in. */
  isEmailUnverified(db: Database, orgId: number, personId: number): Promise<boolean>;
}

/** Long-lived services of one app instance (one per buildApp call, so tests stay isolated). */
export interface AppServices {
  config: AppConfig;
  db: Database;
  dialect: DialectName;
  tokens: AccessTokenService;
  limiter: SignInThrottle;
  registrationLimiter: RegistrationThrottle;
  /** Attempt limits (http/rate-limits.ts): shared through Redis when REDIS_URL is set. */
  rateLimits: RateLimits;
  /** What signing in asks of self-registration (the registration area answers). */
  registrationChecks: RegistrationChecks;
  policies: PolicyRegistry;
  /** Uploaded files (avatars…): local disk under DATA_DIR/files by default. */
  storage: FileStorage;
  /** Schools by code and signed-in callers by token, cached (caller-cache.ts); invalidate(orgId) after changing who someone is. */
  callers: CallerCache;
  /** Every registered route (method, url as declared): the authorization test walks it. */
  routes: { method: string; url: string }[];
  /** The durable job queue: enqueue inside the write's transaction (platform/jobs/jobs.ts). */
  jobs: JobQueue;
  /** The event bus: in-process, or Redis pub/sub when REDIS_URL is set. */
  events: EventBus;
}

/** What a service needs to act for one request inside one school. */
export interface RequestContext {
  db: Database;
  org: Org;
  caller: Caller | null;
  services: AppServices;
  /** `<scheme>://<host>` of the request, or PUBLIC_URL. */
  origin: string;
  /** The request's User-Agent: names the device of a sign-in (modules/sessions). */
  userAgent?: string;
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
