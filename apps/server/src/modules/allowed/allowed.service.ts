import type { RequestContext } from '../../http/context';
import type { HttpMethod } from '../../policy/policy';
import { evaluatePolicy } from '../../policy/registry';

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
 * Unknown paths, malformed params and unknown ids answer false.
 */
export async function checkAllowed(ctx: RequestContext, entries: string[]): Promise<Record<string, boolean>> {
  const answer: Record<string, boolean> = {};
  for (const entry of entries) {
    if (entry in answer) continue;
    answer[entry] = await isAllowed(ctx, entry);
  }
  return answer;
}

async function isAllowed(ctx: RequestContext, entry: string): Promise<boolean> {
  const parsed = parseAllowedPath(entry);
  if (!parsed) return false;
  const found = ctx.services.policies.match(parsed.method, parsed.path);
  if (!found) return false;
  const params = found.policy.params.safeParse(found.params);
  if (!params.success) return false;
  try {
    return await evaluatePolicy(found.policy, { caller: ctx.caller, org: ctx.org, params: params.data, db: ctx.db });
  } catch {
    return false; // e.g. the policy's 404 for an unknown id
  }
}
