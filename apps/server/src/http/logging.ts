import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import pino, { type LogFn, type Logger, type LoggerOptions } from 'pino';

/**
 * Query parameters whose values never reach the log: sign-in links carry a token, OpenID Connect
 * returns a code, signed file and avatar addresses a signature.
 */
const secretParams = /([?&](?:token|access_token|code|password|sig|signature|secret|key)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(secretParams, '$1[redacted]');
}

/**
 * Path parameters that are secrets themselves: a bus share link's token, a sandbox checkout's token, the
 * unguessable file name of a calendar subscription or an avatar. Their values are cut from logged URLs.
 */
const secretPathParams = /^(token|file|secret|key|sig|signature)$/i;

/** The URL of a request as it may be logged: secret query values and secret path segments replaced. */
export function loggableUrl(url: string, params?: unknown): string {
  const secrets = new Set<string>();
  for (const [name, value] of Object.entries((params ?? {}) as Record<string, unknown>)) {
    if (secretPathParams.test(name) && typeof value === 'string' && value !== '') secrets.add(value).add(encodeURIComponent(value));
  }
  if (secrets.size === 0) return redactUrl(url);
  const [path, ...query] = url.split('?');
  const cleaned = path
    .split('/')
    .map((segment) => (secrets.has(segment) ? '[redacted]' : segment))
    .join('/');
  return redactUrl([cleaned, ...query].join('?'));
}

/** Fields that never reach the log under any name a log entry may give them, at the top or one level down. */
const secretFields = [
  // Credentials and links
  'password', 'newPassword', 'currentPassword', 'oldPassword', 'token', 'access_token', 'refresh_token', 'id_token',
  'client_secret', 'secret', 'sig', 'signature', 'authorization', 'cookie',
  // Personal data: identity documents, clinic data, what people write to each other
  'document', 'clinic', 'bloodType', 'medicalInsurance', 'body', 'text', 'html', 'description', 'payload',
];
const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-sandbox-signature"]',
  'res.headers["set-cookie"]',
  ...secretFields.flatMap((field) => [field, `*.${field}`]),
];

/** What Fastify writes at info for every request: the one on arrival and the one on completion. */
const INCOMING = 'incoming request';
const COMPLETED = 'request completed';
const INFO = 30;

interface CompletedEntry {
  res?: { statusCode?: number; request?: { method?: string; url?: string; params?: unknown; ip?: string } };
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
  const url = loggableUrl(request?.url ?? '', request?.params);
  // A disabled level is a no-op: at info this writes nothing.
  // The client's address as Fastify sees it: the one a trusted proxy names (TRUST_PROXY), else the socket's.
  const remoteAddress = request?.ip;
  this.debug(
    { method: request?.method, url, statusCode: res?.statusCode, ms, remoteAddress },
    `${request?.method ?? '?'} ${url || '?'} ${res?.statusCode ?? '?'} ${ms ?? '?'} ms ${remoteAddress ?? ''}`.trimEnd(),
  );
}

/** pino options: no passwords, Authorization headers or tokens in logs; request lines only at debug. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  const options: LoggerOptions = {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; params?: unknown; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: loggableUrl(req.url, req.params),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
    },
    hooks: { logMethod: requestLinesAtDebug },
  };
  return options as FastifyServerOptions['logger'];
}

/**
 * The server's logger: JSON (production, tests, anything piped to a collector), or one readable line
 * per entry through pino-pretty when config.logPretty says so (development on a terminal).
 */
export async function createLogger(config: { logLevel: string; logPretty?: boolean; logDestination?: NodeJS.WritableStream }): Promise<FastifyBaseLogger> {
  const options = loggerOptions(config.logLevel) as LoggerOptions;
  if (!config.logPretty) return config.logDestination ? pino(options, config.logDestination) : pino(options);
  // Loaded only when wanted: production never needs it.
  const { default: pretty } = await import('pino-pretty');
  const stream = pretty({
    destination: config.logDestination ?? 1,
    colorize: !config.logDestination,
    singleLine: true,
    // Synchronous, so the last lines before an exit (a failed start, "shut down cleanly") are not lost.
    sync: true,
    translateTime: 'SYS:HH:MM:ss.l',
    // A request line's message already says its method, address, status and time.
    ignore: 'pid,hostname,method,url,statusCode,ms',
  });
  return pino(options, stream);
}

/** An incoming X-Request-Id is kept when it is a short token of safe characters (a proxy's id); otherwise a fresh one. */
const safeRequestId = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/** Fastify's genReqId: the id every log line of a request carries (`reqId`) and its X-Request-Id answer header. */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && safeRequestId.test(incoming) ? incoming : randomUUID();
}

/** Fastify options for request ids: never the raw header (Fastify would take any text), always requestIdOf. */
export const requestIdOptions = { requestIdHeader: false, genReqId: requestIdOf } satisfies Pick<FastifyServerOptions, 'requestIdHeader' | 'genReqId'>;

/** Sends each request's id back as X-Request-Id, so a user's report or a proxy's log leads to the server's lines. */
export function answerWithRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
