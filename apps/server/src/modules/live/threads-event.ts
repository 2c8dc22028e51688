import type { ThreadsChanged } from './threads-topic';

const MAX_PEOPLE = 100_000;

/** The payload of a threads event, or null when it is not one (the bus carries plain JSON from any process). */
export function readThreadsChanged(payload: unknown): ThreadsChanged | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { personIds, threadId } = payload as Record<string, unknown>;
  if (!Array.isArray(personIds) || personIds.length > MAX_PEOPLE || !personIds.every(isId)) return null;
  if (threadId !== null && !isId(threadId)) return null;
  return { personIds: personIds as number[], threadId: threadId as number | null };
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
