import type { Database } from '../../db/database';
import type { Org } from '../../policy/policy';

// Every school request starts by reading its org by code; the row changes rarely. A few seconds in
// process, forgotten at once when this process writes an org (updateOrgSettings); another process's
// write shows within TTL_MS. Unknown codes are never cached, so a new school answers at once.
const TTL_MS = 5_000;
const entries = new WeakMap<Database, Map<string, { org: Org; expires: number; generation: number }>>();
let generation = 0;

/** The org of `code` from the cache, or from `load` (kept for TTL_MS, frozen: it is shared by requests). */
export async function cachedOrg(db: Database, code: string, load: () => Promise<Org | null>): Promise<Org | null> {
  let byCode = entries.get(db);
  if (!byCode) entries.set(db, (byCode = new Map()));
  const hit = byCode.get(code);
  if (hit && hit.generation === generation && hit.expires > Date.now()) return hit.org;
  const seenGeneration = generation;
  const org = await load();
  if (!org) {
    byCode.delete(code);
    return null;
  }
  deepFreeze(org);
  // A write that happened while loading may not be in `org`: keep it only if none did.
  if (seenGeneration === generation) byCode.set(code, { org, expires: Date.now() + TTL_MS, generation });
  return org;
}

/** Forgets every cached org (after any write to orgs). */
export function forgetCachedOrgs(): void {
  generation++;
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
}
