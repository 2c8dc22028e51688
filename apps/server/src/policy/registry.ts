import type { Policy, PolicyContext } from './policy';

/** The policies of every registered school route; `POST allowed` answers from it. */
export class PolicyRegistry {
  private readonly entries: { policy: Policy; segments: string[] }[] = [];

  add(policy: Policy): void {
    if (this.entries.some((e) => e.policy === policy)) return;
    this.entries.push({ policy, segments: policy.path.split('/') });
  }

  all(): Policy[] {
    return this.entries.map((e) => e.policy);
  }

  /**
   * Finds the policy for "METHOD some/path" and its raw params. Static segments win over
   * parameters, as in the router.
   */
  match(method: string, path: string): { policy: Policy; params: Record<string, string> } | null {
    const parts = path.split('/');
    let best: { policy: Policy; params: Record<string, string>; score: number } | null = null;
    for (const { policy, segments } of this.entries) {
      if (policy.method !== method || segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let score = 0;
      let ok = true;
      for (let i = 0; i < segments.length && ok; i++) {
        const seg = segments[i];
        if (seg.startsWith(':')) {
          if (parts[i] === '') ok = false;
          else params[seg.slice(1)] = decodeURIComponent(parts[i]);
        } else if (seg === parts[i]) score++;
        else ok = false;
      }
      if (ok && (!best || score > best.score)) best = { policy, params, score };
    }
    return best && { policy: best.policy, params: best.params };
  }
}

/** Runs a policy for a caller; a guest passes only public policies. */
export async function evaluatePolicy(
  policy: Policy,
  ctx: PolicyContext<unknown>,
): Promise<boolean> {
  if (!policy.public && !ctx.caller) return false;
  return await policy.check(ctx as never);
}
