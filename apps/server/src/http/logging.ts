import type { FastifyServerOptions } from 'fastify';
import type { LogFn, Logger, LoggerOptions } from 'pino';

/** Query parameters whose values never reach the log (sign-in links carry a token). */
const secretParams = /([?&](?:token|access_token|code|password)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(secretParams, '$1[redacted]');
}

/** What Fastify writes at info for every request: the one on arrival and the one on completion. */
const INCOMING = 'incoming request';
const COMPLETED = 'request completed';
const INFO = 30;

interface CompletedEntry {
  res?: { statusCode?: number; request?: { method?: string; url?: string } };
  responseTime?: number;
}

/**
 * Request lines belong to debugging, not to the console of a running school: at the default level
 * (info) none is written, at debug one per request, "GET /api/demo/people 200 12 ms". Errors are
 * untouched: a failed request is still logged at error ("request failed", "request errored").
 */
function requestLinesAtDebug(this: Logger, args: Parameters<LogFn>, method: LogFn, level: number): void {
  const [entry, message] = args as [unknown, unknown];
  if (level !== INFO || (message !== INCOMING && message !== COMPLETED)) {
    method.apply(this, args);
    return;
  }
  if (message === INCOMING) return;
  const { res, responseTime } = (entry ?? {}) as CompletedEntry;
  const request = res?.request;
  const ms = typeof responseTime === 'number' ? Math.round(responseTime) : undefined;
  // A disabled level is a no-op: at info this writes nothing.
  this.debug(
    { method: request?.method, url: redactUrl(request?.url ?? ''), statusCode: res?.statusCode, ms },
    `${request?.method ?? '?'} ${redactUrl(request?.url ?? '?')} ${res?.statusCode ?? '?'} ${ms ?? '?'} ms`,
  );
}

/** pino options: no passwords, Authorization headers or tokens in logs; request lines only at debug. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  const options: LoggerOptions = {
    level,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password', '*.token', '*.access_token'],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
    },
    hooks: { logMethod: requestLinesAtDebug },
  };
  return options as FastifyServerOptions['logger'];
}
