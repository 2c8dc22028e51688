import type { Caller } from './policy';

// Answers memoised per Caller object, that is per request (findCaller builds one for each request):
// the policy and the service of one request ask the same question once, and nothing outlives it.
const memos = new WeakMap<Caller, Map<string, Promise<unknown>>>();

/** `load()` once per request and key. */
export function memoised<T>(caller: Caller, key: string, load: () => Promise<T>): Promise<T> {
  let memo = memos.get(caller);
  if (!memo) memos.set(caller, (memo = new Map()));
  if (!memo.has(key)) memo.set(key, load());
  return memo.get(key) as Promise<T>;
}
