import type { RequestContext } from '../../http/context';
import { badRequest } from '../../http/errors';
import type { HttpMethod } from '../../policy/policy';
import { evaluatePolicy } from '../../policy/registry';
import { findRegistrationStatus, registrationVerdict } from '../registration/index';

type RegistrationStatus = Awaited<ReturnType<typeof findRegistrationStatus>>;

const methods: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** "POST people/12/login-tokens" or "/people/12/" → method and a path without slashes at the ends or query. */
export function parseAllowedPath(entry: string): { method: HttpMethod; path: string } | null {
  const match = entry.trim().match(/^(?:([A-Za-z]+)\s+)?(.*)$/);
  if (!match) return null;
  const method = (match[1] ?? 'GET').toUpperCase() as HttpMethod;
  if (!methods.includes(method)) return null;
  const path = match[2].split(/[?#]/)[0].replace(/^\/+|\/+$/g, '');
  return { method, path };
}

/**
 * spec §6 POST allowed: for each path, would the caller pass the endpoint's own policy?
 * Unknown paths, malformed params and unknown ids answer false; a malformed %-escape is a 400.
 */
export async function checkAllowed(ctx: RequestContext, entries: string[]): Promise<Record<string, boolean>> {
  for (const entry of entries) assertDecodable(entry);
  // No prototype: "constructor" or "__proto__" are paths like any other and answer false, never vanish.
  const answer: Record<string, boolean> = Object.create(null);
  // An account awaiting approval passes only what the request gate lets it call (issue 6 item 2).
  const registration = ctx.caller ? await findRegistrationStatus(ctx.db, ctx.org.id, ctx.caller.id) : null;
  for (const entry of entries) {
    if (Object.hasOwn(answer, entry)) continue;
    answer[entry] = await isAllowed(ctx, entry, registration);
  }
  return answer;
}

/** 400 for an entry with a malformed %-escape (the whole batch: the client built a wrong path). */
function assertDecodable(entry: string): void {
  try {
    decodeURIComponent(entry);
  } catch {
    throw badRequest('invalid_path', `"${entry.slice(0, 100)}" has a malformed %-escape`);
  }
}

async function isAllowed(ctx: RequestContext, entry: string, registration: RegistrationStatus): Promise<boolean> {
  const parsed = parseAllowedPath(entry);
  if (!parsed) return false;
  const found = ctx.services.policies.match(parsed.method, parsed.path);
  if (!found) return false;
  if (registrationVerdict(registration, found.policy) !== 'allowed') return false;
  const params = found.policy.params.safeParse(found.params);
  if (!params.success) return false;
  try {
    return await evaluatePolicy(found.policy, { caller: ctx.caller, org: ctx.org, params: params.data, db: ctx.db });
  } catch {
    return false; // e.g. the policy's 404 for an unknown id
  }
}
