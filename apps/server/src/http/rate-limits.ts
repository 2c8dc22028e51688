import rateLimitPlugin, { type CreateRateLimitOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { HttpError } from './errors';

/** Keys of the limits in Redis, apart from other users of the same server (like the event bus's channels). */
const REDIS_NAMESPACE = 'patio:rate-limit:';
/** quit() waits for pending commands; a Redis that does not answer gets this long. */
const QUIT_TIMEOUT_MS = 1000;
/**
 * Keys one limit remembers in memory (least recently used go first). Generous, so that a flood of
 * new addresses cannot push out the count of the one that is guessing.
 */
const LOCAL_KEYS = 50_000;

/**
 * Counts attempts per key in fixed windows through @fastify/rate-limit (decision 003): in Redis when
 * REDIS_URL is set, so every server process counts into the same window, otherwise in this process.
 * Each limit decides which attempts count: `take` counts and refuses in one step (a race of parallel
 * requests cannot slip past it); `assertRoom` + `record` refuse first and count only what turned out
 * to count (failed sign-ins, refused notifications).
 */
type Check = ReturnType<FastifyInstance['createRateLimit']>;

export class RateLimit {
  constructor(
    private readonly check: Check,
    private readonly name: string,
    readonly max: number,
    /** Starts the 429 message; "Try again in N minute(s)." follows. */
    private readonly message: string,
  ) {}

  /** Counts one attempt under `key`; throws 429 too_many_attempts (with Retry-After) when it is one too many. */
  async take(key: string): Promise<void> {
    const state = await this.state(key, true);
    if (state.used > this.max) throw this.refusal(state.retryAfter);
  }

  /** Throws 429 when `key` has used up its attempts; counts nothing. */
  async assertRoom(key: string): Promise<void> {
    const state = await this.state(key, false);
    if (state.used >= this.max) throw this.refusal(state.retryAfter);
  }

  /** Counts one attempt under `key` without refusing anything. */
  async record(key: string): Promise<void> {
    await this.state(key, true);
  }

  /** How many attempts `key` has in its current window (exact up to `max`). */
  async used(key: string): Promise<number> {
    return (await this.state(key, false)).used;
  }

  private async state(key: string, increment: boolean): Promise<{ used: number; retryAfter: number }> {
    // The library counts requests; ours are counted under keys the areas choose (a typed login, a
    // school and a login…), so it gets a stand-in that carries the key: it reads nothing else of the
    // request but the route's config, which a manual limit does not have.
    const carrier = { rateLimitKey: `${this.name}:${key}`, routeOptions: { config: {} } } as unknown as FastifyRequest;
    const answer = await this.check(carrier, { increment });
    // No allow list is set; a store that failed (skipOnError) answers an empty window, so the attempt goes through.
    if (answer.isAllowed) return { used: 0, retryAfter: 1 };
    // `remaining` stops at 0, so "one over" comes from isExceeded.
    const used = answer.isExceeded ? this.max + 1 : this.max - answer.remaining;
    return { used, retryAfter: Math.max(1, answer.ttlInSeconds) };
  }

  private refusal(retryAfter: number): HttpError {
    return new HttpError(429, 'too_many_attempts', `${this.message} Try again in ${Math.ceil(retryAfter / 60)} minute(s).`, {
      'retry-after': String(retryAfter),
    });
  }
}

/** Makes the limits of one app: `name` keeps each limit's keys apart from the others'. */
export type RateLimits = (name: string, max: number, windowSeconds: number, message: string) => RateLimit;

/**
 * Registers @fastify/rate-limit for limits the areas call themselves (`global: false`: no route is
 * limited by the plugin on its own) and answers their factory. With REDIS_URL its counts live in
 * Redis; a Redis that cannot be reached lets requests through (and is logged) rather than refusing
 * every sign-in of every school.
 */
export async function registerRateLimits(app: FastifyInstance, config: { redisUrl?: string }): Promise<RateLimits> {
  const redis = config.redisUrl ? connect(config.redisUrl, app.log) : undefined;
  await app.register(rateLimitPlugin, {
    global: false,
    ...(redis ? { redis, nameSpace: REDIS_NAMESPACE } : {}),
    skipOnError: true,
  });
  if (redis) app.addHook('onClose', async () => quit(redis));
  const keyGenerator = (request: FastifyRequest) => (request as unknown as { rateLimitKey: string }).rateLimitKey;
  return (name, max, windowSeconds, message) => {
    // `cache` sizes the in-memory store of this limit (the library's types leave it out here).
    const options: CreateRateLimitOptions & { cache: number } = { max, timeWindow: windowSeconds * 1000, keyGenerator, cache: LOCAL_KEYS };
    return new RateLimit(app.createRateLimit(options), name, max, message);
  };
}

function connect(url: string, log: FastifyBaseLogger): Redis {
  // One retry per command: a Redis that is gone answers the request soon (skipOnError lets it through).
  const redis = new Redis(url, { connectionName: 'patio-rate-limits', maxRetriesPerRequest: 1 });
  // ioredis retries on its own; one line per distinct trouble instead of one per retry.
  let last = '';
  redis.on('error', (err: Error) => {
    if (err.message !== last) log.warn({ err }, 'Redis rate-limit connection failed; requests are not limited meanwhile');
    last = err.message;
  });
  redis.on('ready', () => (last = ''));
  return redis;
}

async function quit(redis: Redis): Promise<void> {
  const timer = new Promise<void>((resolve) => setTimeout(resolve, QUIT_TIMEOUT_MS).unref());
  await Promise.race([redis.quit().then(() => undefined, () => undefined), timer]);
  redis.disconnect();
}
