import { evaluateCondition } from './evaluateCondition';
import { isDotPath, readPath } from './readPath';
import { renderTemplates } from './renderTemplate';

/**
 * A stored action: `action` names a function in the registry by dot path ('navigation.open');
 * `params` (templates rendered against the context) are passed to it; `when` is an optional
 * condition that must hold for the action to run.
 */
export interface Action {
  action: string;
  params?: Record<string, unknown>;
  when?: unknown;
}

/** Functions an action may call, possibly grouped in modules: { navigation: { open(params, ctx) {} } }. */
export type ActionRegistry = Record<string, unknown>;

/** Outcome of runAction: whether it ran (its `when` held) and what the function returned. */
export type ActionResult = { ran: true; value: unknown } | { ran: false };

/** Checks an action object and finds its function; throws 'Invalid action' / 'Invalid function' (spec §5, §8). */
export function resolveAction(action: unknown, registry: ActionRegistry): (params: Record<string, unknown>, context: unknown) => unknown {
  if (action === null || typeof action !== 'object') throw new Error('Invalid action');
  const name = (action as { action?: unknown }).action;
  if (typeof name !== 'string' || name.trim() === '') throw new Error('Invalid action');
  const fn = isDotPath(name.trim()) ? readPath(registry, name.trim()) : undefined;
  if (typeof fn !== 'function') throw new Error('Invalid function');
  return fn as (params: Record<string, unknown>, context: unknown) => unknown;
}

/** Runs one action against a registry and context; skips it when its `when` condition is false. */
export function runAction(action: unknown, registry: ActionRegistry, context: unknown): ActionResult {
  const fn = resolveAction(action, registry);
  const { params, when } = action as Action;
  if (when !== undefined && !evaluateCondition(when, context)) return { ran: false };
  const rendered = renderTemplates(params ?? {}, context);
  return { ran: true, value: fn(rendered, context) };
}
