/** The longest wait between two attempts, however many failed before. */
export const MAX_BACKOFF_MS = 6 * 3600_000;

/**
 * Delay before the next attempt after `attempts` failed ones: base, 2·base, 4·base… (capped), each
 * spread ±20% so jobs that failed together (a mail server down for everyone) do not all return at
 * the same instant. The spread is narrow enough that every delay is still longer than the one before.
 */
export function backoffDelay(attempts: number, baseMs: number, random: () => number = Math.random): number {
  const exponential = Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
  return Math.round(exponential * (0.8 + 0.4 * random()));
}
