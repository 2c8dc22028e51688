import type { FormAnswered } from './forms-topic';
import type { ThreadsChanged } from './threads-topic';

const MAX_PEOPLE = 100_000;

/** One event of a school's live topic, as the hub hands it to sockets. */
export type LiveEvent = ({ kind: 'threads' } & ThreadsChanged) | ({ kind: 'form' } & Omit<FormAnswered, 'type'>);

/** The payload of a threads event, or null when it is not one (the bus carries plain JSON from any process). */
export function readThreadsChanged(payload: unknown): ThreadsChanged | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { personIds, threadId } = payload as Record<string, unknown>;
  if (!isIdList(personIds)) return null;
  if (threadId !== null && !isId(threadId)) return null;
  return { personIds, threadId: threadId as number | null };
}

/** A threads or a form event of the school's live topic, or null when the payload is neither. */
export function readLiveEvent(payload: unknown): LiveEvent | null {
  if (typeof payload === 'object' && payload !== null && (payload as { type?: unknown }).type === 'form.answered') {
    const { personIds, formId } = payload as Record<string, unknown>;
    return isIdList(personIds) && isId(formId) ? { kind: 'form', personIds, formId } : null;
  }
  const threads = readThreadsChanged(payload);
  return threads && { kind: 'threads', ...threads };
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;
const isIdList = (value: unknown): value is number[] => Array.isArray(value) && value.length <= MAX_PEOPLE && value.every(isId);
