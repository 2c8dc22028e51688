import type { Caller } from './policy';

/**
 * The people whose own data a caller reads as their family's: themself and the children they are a
 * parent-like relative of. Every area that shows a family its own rows (bus routes, billing) starts here.
 */
export function familyOf(caller: Caller): number[] {
  return [caller.id, ...caller.childIds];
}
