/** Whatever ends the process: the server's and the worker's loggers both fit. */
export interface ShutdownLog {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface ShutdownOptions {
  log: ShutdownLog;
  /** Past this, the process exits with 1 whatever is still running (orchestrators kill at 10 s anyway). */
  timeoutMs?: number;
  signals?: NodeJS.Signals[];
  /** Seams for tests; the process by default. */
  exit?: (code: number) => void;
  emitter?: { on(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown };
}

export const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * On the first SIGTERM or SIGINT, runs `close` (stop accepting, finish or hand back the work in
 * flight, release connections) and exits 0 when it resolves, 1 when it fails or takes longer than
 * `timeoutMs`. Later signals change nothing: `npm run` forwards a Ctrl-C the child also received, and
 * that second copy must not cut short a clean stop.
 */
export function exitGracefullyOnSignals(close: () => Promise<void>, options: ShutdownOptions): void {
  const { log, timeoutMs = SHUTDOWN_TIMEOUT_MS, signals = ['SIGTERM', 'SIGINT'], exit = (code) => process.exit(code), emitter = process } = options;
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      log.info({ signal }, 'already shutting down');
      return;
    }
    closing = true;
    log.info({ signal, timeoutMs }, 'shutting down');
    const hardStop = setTimeout(() => {
      log.error({ timeoutMs }, 'shutdown took too long; exiting anyway');
      exit(1);
    }, timeoutMs);
    close().then(
      () => {
        clearTimeout(hardStop);
        log.info({}, 'shut down cleanly');
        exit(0);
      },
      (err: unknown) => {
        clearTimeout(hardStop);
        log.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };
  // `on`, not `once`: a later copy must be swallowed, not end the process by the default action.
  for (const signal of signals) emitter.on(signal, onSignal);
}
