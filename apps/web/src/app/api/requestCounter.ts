/** Counts requests in flight so the loading bar can show while any runs (spec §9: after 100 ms). */
type Listener = () => void;

let inFlight = 0;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

export const requestCounter = {
  start(): void {
    inFlight += 1;
    notify();
  },
  end(): void {
    inFlight = Math.max(0, inFlight - 1);
    notify();
  },
  get(): number {
    return inFlight;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
