import { useEffect, useState } from 'react';

/** The current time (epoch ms), refreshed every `intervalMs`: relative times ("2 min ago") keep moving. */
export function useNow(intervalMs = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
