import type { Caller, Org, Policy } from '../policy/policy';
import type { CallerLoader, LoadedCaller, TokenVerifier } from './caller-loader';
import { forbidden, unauthorized } from './errors';

// Every signed-in request used to verify its JWT and load its caller (person, memberships, family,
// registration): after the response schema, the largest cost of a small read. A verified token's
// caller is kept TTL_MS, never past the token's expiry, and forgotten as soon as this process (or,
// through the event bus, another one) changes who someone is in that school (invalidate). TTL_MS is
// the bound only for what no process of the deployment wrote through Patio: a hand-written SQL change,
// or a process on the in-process bus beside others. 30 s (was 5 s): a bus's device reports every 2 s
// with one token, and at 5 s almost one report in two loaded its caller again (bench/RESULTS.md).
const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  orgId: number;
  orgCode: string;
  loaded: LoadedCaller;
  expires: number;
  generation: number;
}

export interface CallerCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
}

/** Verified tokens → callers, per app instance. */
export class CallerCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped per school by invalidate(orgId); `everyone` by invalidate() with no school. */
  private readonly generations = new Map<number, number>();
  private everyone = 0;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(
    private readonly loader: CallerLoader,
    private readonly tokens: TokenVerifier,
    options: CallerCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? TTL_MS;
    this.maxEntries = options.maxEntries ?? MAX_ENTRIES;
  }

  findOrg(code: string): Promise<Org | null> {
    return this.loader.findOrg(code);
  }

  /**
   * The caller behind a bearer token on a route of `org` with `policy`: 401 for a bad, expired or
   * orphaned token, 403 for another school's token or a registration that does not reach the route.
   * Each call answers its own Caller object, so per-request memos (caller-memo.ts) stay per request.
   */
  async authenticate(token: string, org: Org, policy: Policy): Promise<Caller> {
    let entry = this.entries.get(token);
    if (entry && (entry.expires <= Date.now() || entry.generation !== this.generationOf(entry.orgId))) {
      this.entries.delete(token);
      entry = undefined;
    }
    if (entry && entry.orgCode !== org.code) throw wrongSchool();
    entry ??= await this.load(token, org);
    this.loader.assertRegistrationAllows(entry.loaded.registration, policy);
    return { ...entry.loaded.caller };
  }

  /** Forgets the callers of a school (memberships, family, admin flag or registration changed), or of every school. */
  invalidate(orgId?: number | null): void {
    if (orgId === undefined || orgId === null) this.everyone++;
    else this.generations.set(orgId, (this.generations.get(orgId) ?? 0) + 1);
  }

  private generationOf(orgId: number): number {
    return this.everyone + (this.generations.get(orgId) ?? 0);
  }

  private async load(token: string, org: Org): Promise<Entry> {
    const { personId, orgCode, sessionId = null } = await this.tokens.verify(token);
    if (orgCode !== org.code) throw wrongSchool();
    const generation = this.generationOf(org.id);
    // A revoked sign-in is forgotten with its school (invalidate), so this check runs once per load, not per request.
    const [loaded, holds] = await Promise.all([
      this.loader.findCaller(org.id, personId),
      this.loader.sessionHolds ? this.loader.sessionHolds(org.id, personId, sessionId) : true,
    ]);
    if (!holds) throw unauthorized('token_revoked', 'This session was signed out; sign in again');
    if (!loaded) throw unauthorized('invalid_token', 'Invalid token');
    deepFreeze(loaded);
    // A quarter of jitter: the callers loaded together (a server's start, a fleet of devices) do not all expire together.
    const ttl = this.ttlMs * (0.75 + 0.25 * Math.random());
    const entry: Entry = { orgId: org.id, orgCode, loaded, expires: Math.min(Date.now() + ttl, expiryOf(token)), generation };
    // A change committed while loading may be missing from `loaded`: use it for this request only.
    if (generation === this.generationOf(org.id)) this.remember(token, entry);
    return entry;
  }

  private remember(token: string, entry: Entry): void {
    if (this.entries.size >= this.maxEntries) {
      // Oldest first (insertion order); expired ones go too.
      const now = Date.now();
      for (const [key, old] of this.entries) {
        this.entries.delete(key);
        if (this.entries.size < this.maxEntries * 0.9 && old.expires > now) break;
      }
    }
    this.entries.set(token, entry);
  }
}

const wrongSchool = () => forbidden('wrong_school', 'This session belongs to another school');

/** Milliseconds of the token's `exp` (already verified: the signature and the claim exist). */
function expiryOf(token: string): number {
  try {
    const exp = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : 0;
  } catch {
    return 0;
  }
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}
