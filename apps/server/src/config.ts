import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type OidcDefaults, parseOidcDefaults } from './oidc-config';
import { type DkimSettings, parseDkim } from './platform/mail/dkim';
import { parsePayments, type PaymentSettings } from './platform/payments/payment-settings';
import { parsePush, type ApnsSettings, type FcmSettings, type IosPushService, type VapidSettings } from './platform/push/push-settings';
import { parseSms, type SmsSettings } from './platform/sms/sms';
import type { S3Settings } from './platform/storage/s3';

/** Everything the server needs to run; built from the environment by loadConfig, or by tests. */
export interface AppConfig {
  dataDir: string;
  /** postgres://… switches to PostgreSQL; otherwise SQLite at DATA_DIR/patio.sqlite. */
  databaseUrl?: string;
  port: number;
  host: string;
  jwtSecret: Uint8Array;
  /** Access-token lifetime in seconds. */
  accessTokenTtl: number;
  logLevel: string;
  /**
   * One readable line per entry (pino-pretty) instead of JSON: development on a terminal, or LOG_PRETTY=1
   * outside production (parseLogPretty). Unset: JSON, as production and tests write.
   */
  logPretty?: boolean;
  /** Tests only: where the log goes instead of stdout (the logs test captures a whole journey). */
  logDestination?: NodeJS.WritableStream;
  /**
   * The bearer token that opens GET /metrics to callers other than the server's own machine
   * (METRICS_TOKEN, at least 16 characters); unset: only loopback callers may scrape.
   */
  metricsToken?: string;
  /**
   * GET /api/ready answers 503 when the oldest due job has waited longer than this many seconds
   * (READY_MAX_JOB_LAG_SECONDS; 0 turns the check off); unset: DEFAULT_READY_MAX_JOB_LAG_SECONDS.
   */
  readyMaxJobLagSeconds?: number;
  /**
   * NODE_ENV=production: no demo schools unless SEED_DEMO asks, PUBLIC_URL required, demo-password
   * accounts refused at sign-in. Read once here so deeper code never looks at process.env.
   */
  production?: boolean;
  /** Where people open Patio (PUBLIC_URL): the origin of every link in a mail; required in production. */
  publicUrl?: string;
  /**
   * Without PUBLIC_URL, the Host headers that may name the origin of answers shown to the requester
   * (directory answers, share and calendar addresses; ALLOWED_HOSTS); another Host gets the first of
   * them. Unset: any Host. Never used for links in mails (linkOrigin).
   */
  allowedHosts?: string[];
  /** Built SPA to serve on non-/api paths; ignored when the folder does not exist. */
  webRoot?: string;
  seedDemo: boolean;
  /** Check every answer against its zod schema before writing it (VALIDATE_RESPONSES; on in tests). */
  validateResponses?: boolean;
  signInLimits: SignInLimits;
  registrationLimits: RegistrationLimits;
  /**
   * Reverse proxies whose X-Forwarded-* headers count (TRUST_PROXY), for client IPs and the origin:
   * a number of hops in front of the server, or the proxies' addresses/CIDRs. Unset: none.
   */
  trustProxy?: number | string[];
  /** A request (headers and body) must arrive within this many ms (REQUEST_TIMEOUT_MS); unset: 30 s. Upload routes get uploadTimeoutMs. */
  requestTimeoutMs?: number;
  /** A request to an upload route must arrive within this many ms (UPLOAD_TIMEOUT_MS); unset: 20 minutes (spec §9). */
  uploadTimeoutMs?: number;
  /** Connections one client address may hold at once (MAX_CONNECTIONS_PER_IP; 0: no cap); unset: 256. Trusted proxies are not capped. */
  maxConnectionsPerIp?: number;
  /** SMTP server for outgoing mail (SMTP_URL); unset: messages go to DATA_DIR/mail/*.eml and the log. */
  smtpUrl?: string;
  /** Sender of outgoing mail (MAIL_FROM). */
  mailFrom?: string;
  /** Signs outgoing mail with DKIM (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE); unset: unsigned. */
  dkim?: DkimSettings;
  /** Tests only: refuse any query of a tenant table without an org_id condition (db/tenant-guard.ts). */
  tenantGuard?: boolean;
  /** Redis for the event bus (REDIS_URL), so several server processes share events; unset: in-process. */
  redisUrl?: string;
  /** The durable job queue (platform/jobs); unset: defaultJobsConfig. */
  jobs?: JobsConfig;
  /** Uploaded files go to this S3-compatible bucket (S3_ENDPOINT and the other S3_*); unset: DATA_DIR/files. */
  s3?: S3Settings;
  /**
   * Signs file addresses (PATIO_FILE_URL_SECRET); unset: derived from jwtSecret. Addresses of a
   * person's uploads never expire and live inside posts, so this may outlive a JWT secret rotation.
   */
  fileUrlSecret?: Uint8Array;
  /**
   * External calendar feeds may be fetched from private and loopback addresses
   * (CALENDAR_FETCH_ALLOW_PRIVATE=1). Off by default: a school administrator's feed address must not be
   * a way into the server's own network. Tests turn it on for feeds served on 127.0.0.1.
   */
  calendarFetchAllowPrivate?: boolean;
  /** Web Push keys (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY); unset: generated once into DATA_DIR/keys/vapid.json. */
  vapid?: VapidSettings;
  /** Contact for push services (VAPID_SUBJECT), also for generated keys; unset: mailto: MAIL_FROM's address. */
  vapidSubject?: string;
  /**
   * Web Push endpoints may be http and private or loopback addresses (PUSH_ALLOW_INSECURE_ENDPOINTS=1).
   * Off by default: a browser hands us the endpoint, so a forged subscription must not make the server
   * post into its own network. Tests turn it on for endpoints on 127.0.0.1.
   */
  pushAllowInsecureEndpoints?: boolean;
  /** Firebase Cloud Messaging for the Android app, and the iOS app when iosPush is 'fcm' (FCM_*). */
  fcm?: FcmSettings;
  /** Apple Push Notification service for the iOS app (APNS_*). */
  apns?: ApnsSettings;
  /** Which service reaches the iOS app (IOS_PUSH); unset: APNs when configured, else FCM. */
  iosPush?: IosPushService;
  /** An HTTP SMS gateway (SMS_HTTP_URL, SMS_HTTP_TOKEN); unset: SMS are only logged. */
  sms?: SmsSettings;
  /** Map tiles the web app draws under routes (MAP_TILE_URL, MAP_TILE_ATTRIBUTION); unset: OpenStreetMap's. */
  mapTiles?: MapTiles;
  /** Days bus position reports are kept before the purge job deletes them (GEO_RETENTION_DAYS, default 30). */
  geoRetentionDays?: number;
  /** Drive the demo bus along route 1 of the demo school while the server runs (DEMO_BUS=1). */
  demoBus?: boolean;
  /** Google, Office 365 and Apple clients every school may use (OIDC_*_ISSUER, OIDC_*_CLIENT_ID, OIDC_*_CLIENT_SECRET). */
  oidc?: OidcDefaults;
  /**
   * Issuers a school administrator sets may be http on 127.0.0.1 (OIDC_ALLOW_LOOPBACK_ISSUERS=1). Off by
   * default: an administrator's issuer must not be a way into the server's own machine. Tests turn it on.
   */
  oidcAllowLoopbackIssuers?: boolean;
  /**
   * Tests only, never read from the environment: the image proxy (/proxy/) may also reach 127.0.0.1 and
   * ::1 and trusts `ca`, the certificate of a local https image server. Production reaches public https only.
   */
  imageProxyLoopback?: { ca: string };
  /** Online payments (PAYMENT_PROVIDER, WOMPI_*, TUCOMPRA_*); unset: the built-in sandbox in development, no online payment in production. */
  payments?: PaymentSettings;
  /** The operator's translation service for posts (TRANSLATE_PROVIDER, TRANSLATE_URL, TRANSLATE_API_KEY); unset: posts are not translated. */
  translation?: TranslationSettings;
}

/**
 * A translation service (decision 029), the operator's for every school: a LibreTranslate server (often
 * self-hosted on the operator's own network) or DeepL by API key.
 */
export type TranslationSettings = { provider: 'libretranslate'; url: string; apiKey?: string } | { provider: 'deepl'; apiKey: string; url?: string };

/** A Leaflet tile layer: an {z}/{x}/{y} URL template and the attribution its licence asks for. */
export interface MapTiles {
  url: string;
  attribution: string;
}

export const defaultMapTiles: MapTiles = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};

/** How this process works the job queue (README "Configuration"). */
export interface JobsConfig {
  /** Work jobs inside the server process (JOBS_IN_PROCESS); off when `npm run worker` processes do it. */
  inProcess: boolean;
  /** How often an idle worker looks for due jobs (JOBS_POLL_MS). */
  pollMs: number;
  /** How long a claimed job stays a worker's before another may take it, renewed while it runs (JOBS_LEASE_MS). */
  leaseMs: number;
  /** Attempts before a job is dead and waits for an administrator (JOBS_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** First retry delay; each further failure doubles it, with jitter (JOBS_BACKOFF_MS). */
  backoffBaseMs: number;
  /** Jobs one worker runs at once (JOBS_CONCURRENCY). */
  concurrency: number;
}

export const defaultJobsConfig: JobsConfig = {
  inProcess: true,
  pollMs: 1000,
  leaseMs: 60_000,
  maxAttempts: 8,
  backoffBaseMs: 5000,
  concurrency: 4,
};

/**
 * Failed sign-ins allowed per window. A pair (account, client IP) is locked after `perAccountAndIp`
 * failures and an IP after `perIp`; an account is never locked for everyone: once it has
 * `backoffAfter` failures from any IPs, each attempt on it waits `backoffStepMs` more per further
 * failure, at most `maxBackoffMs`, so guessing slows down while its owner can still sign in.
 */
export interface SignInLimits {
  perAccountAndIp: number;
  perIp: number;
  windowSeconds: number;
  backoffAfter: number;
  backoffStepMs: number;
  maxBackoffMs: number;
}

export const defaultSignInLimits: SignInLimits = {
  perAccountAndIp: 10,
  perIp: 30,
  windowSeconds: 15 * 60,
  backoffAfter: 10,
  backoffStepMs: 250,
  maxBackoffMs: 3000,
};

/** Self-registrations and failed email verifications allowed per client IP and window. */
export interface RegistrationLimits {
  registrationsPerIp: number;
  registrationWindowSeconds: number;
  verifyFailuresPerIp: number;
  verifyWindowSeconds: number;
}

export const defaultRegistrationLimits: RegistrationLimits = {
  registrationsPerIp: 5,
  registrationWindowSeconds: 3600,
  verifyFailuresPerIp: 20,
  verifyWindowSeconds: 15 * 60,
};

/**
 * A server of its own on loopback: no demo, silent logs, a fresh signing secret, the default limits.
 * What the tests and the standalone OpenAPI document start from.
 */
export function loopbackAppConfig(dataDir: string): AppConfig {
  return {
    dataDir,
    port: 0,
    host: '127.0.0.1',
    jwtSecret: randomBytes(32),
    accessTokenTtl: 3600,
    logLevel: 'silent',
    seedDemo: false,
    signInLimits: defaultSignInLimits,
    registrationLimits: defaultRegistrationLimits,
  };
}

/**
 * A due job waiting longer than this (10 minutes) makes the process not ready: the queue is stuck
 * (no worker runs, or every worker is busy or failing), and mails and notices no longer go out.
 */
export const DEFAULT_READY_MAX_JOB_LAG_SECONDS = 600;

type Env = Record<string, string | undefined>;

/** Reads the environment (README "Configuration"); creates DATA_DIR and a signing key when missing. */
export function loadConfig(env: Env = process.env, terminal: { stdoutIsTty?: boolean } = { stdoutIsTty: process.stdout.isTTY }): AppConfig {
  const baseDir = env.INIT_CWD ?? process.cwd();
  const dataDir = resolvePath(baseDir, env.DATA_DIR ?? './data');
  // The database, keys, mail and files inside are for the server's user only.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // An older DATA_DIR is tightened too, when it is ours (a folder another user lent us stays as is).
  if (statSync(dataDir).uid === process.getuid?.()) chmodSync(dataDir, 0o700);
  const production = env.NODE_ENV === 'production';
  const publicUrl = parsePublicUrl(env.PUBLIC_URL);
  const allowedHosts = parseAllowedHosts(env.ALLOWED_HOSTS);
  if (production && !publicUrl) {
    throw new Error(
      'PUBLIC_URL is required when NODE_ENV=production (e.g. PUBLIC_URL=https://patio.example.org): links in mails ' +
        'take their address from it, never from the Host header (ALLOWED_HOSTS does not replace it).',
    );
  }
  const webRoot = env.WEB_ROOT
    ? resolvePath(baseDir, env.WEB_ROOT)
    : // src/config.ts and dist/main.js both sit one level below apps/server.
      resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  return {
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    port: toInt(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    jwtSecret: env.PATIO_JWT_SECRET ? checkedSecret(env.PATIO_JWT_SECRET, 'PATIO_JWT_SECRET') : loadOrCreateKey(dataDir),
    accessTokenTtl: toInt(env.ACCESS_TOKEN_TTL, 7 * 24 * 3600, 'ACCESS_TOKEN_TTL'),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    logPretty: parseLogPretty(env.LOG_PRETTY, production, terminal.stdoutIsTty === true),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    readyMaxJobLagSeconds: parseReadyMaxJobLag(env.READY_MAX_JOB_LAG_SECONDS),
    production,
    publicUrl,
    allowedHosts,
    webRoot,
    seedDemo: parseSeedDemo(env.SEED_DEMO, production),
    validateResponses: ['1', 'true', 'yes', 'on'].includes((env.VALIDATE_RESPONSES ?? '').toLowerCase()),
    signInLimits: defaultSignInLimits,
    registrationLimits: defaultRegistrationLimits,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS ? toInt(env.REQUEST_TIMEOUT_MS, 30_000, 'REQUEST_TIMEOUT_MS') : undefined,
    uploadTimeoutMs: env.UPLOAD_TIMEOUT_MS ? toInt(env.UPLOAD_TIMEOUT_MS, 1_200_000, 'UPLOAD_TIMEOUT_MS') : undefined,
    // 0 turns the cap off (a proxy in front that limits clients itself).
    maxConnectionsPerIp: env.MAX_CONNECTIONS_PER_IP?.trim() === '0' ? 0 : env.MAX_CONNECTIONS_PER_IP ? toInt(env.MAX_CONNECTIONS_PER_IP, 256, 'MAX_CONNECTIONS_PER_IP') : undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
    dkim: parseDkim(env, baseDir),
    redisUrl: env.REDIS_URL || undefined,
    s3: parseS3(env),
    fileUrlSecret: env.PATIO_FILE_URL_SECRET ? checkedSecret(env.PATIO_FILE_URL_SECRET, 'PATIO_FILE_URL_SECRET') : undefined,
    calendarFetchAllowPrivate: ['1', 'true', 'yes', 'on'].includes((env.CALENDAR_FETCH_ALLOW_PRIVATE ?? '').trim().toLowerCase()),
    ...parsePush(env, baseDir),
    sms: parseSms(env),
    mapTiles: env.MAP_TILE_URL ? { url: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION ?? '' } : defaultMapTiles,
    geoRetentionDays: toInt(env.GEO_RETENTION_DAYS, 30, 'GEO_RETENTION_DAYS'),
    demoBus: ['1', 'true', 'yes', 'on'].includes((env.DEMO_BUS ?? '').trim().toLowerCase()),
    oidc: parseOidcDefaults(env),
    oidcAllowLoopbackIssuers: ['1', 'true', 'yes', 'on'].includes((env.OIDC_ALLOW_LOOPBACK_ISSUERS ?? '').trim().toLowerCase()),
    payments: parsePayments(env, production),
    translation: parseTranslation(env),
    jobs: {
      inProcess: !['0', 'false', 'no', 'off'].includes((env.JOBS_IN_PROCESS ?? 'true').toLowerCase()),
      pollMs: toInt(env.JOBS_POLL_MS, defaultJobsConfig.pollMs, 'JOBS_POLL_MS'),
      leaseMs: toInt(env.JOBS_LEASE_MS, defaultJobsConfig.leaseMs, 'JOBS_LEASE_MS'),
      maxAttempts: toInt(env.JOBS_MAX_ATTEMPTS, defaultJobsConfig.maxAttempts, 'JOBS_MAX_ATTEMPTS'),
      backoffBaseMs: toInt(env.JOBS_BACKOFF_MS, defaultJobsConfig.backoffBaseMs, 'JOBS_BACKOFF_MS'),
      concurrency: toInt(env.JOBS_CONCURRENCY, defaultJobsConfig.concurrency, 'JOBS_CONCURRENCY'),
    },
  };
}

/** TRANSLATE_PROVIDER with its URL or key; refused at start when incomplete rather than failing at a reader's first tap. */
export function parseTranslation(env: Env): TranslationSettings | undefined {
  const provider = (env.TRANSLATE_PROVIDER ?? '').trim().toLowerCase();
  const url = env.TRANSLATE_URL?.trim() || undefined;
  const apiKey = env.TRANSLATE_API_KEY?.trim() || undefined;
  if (provider === '') return undefined;
  if (url !== undefined && !/^https?:\/\/[^/]/i.test(url)) throw new Error(`TRANSLATE_URL must be an http or https address, got "${url}"`);
  if (provider === 'libretranslate') {
    if (!url) throw new Error('TRANSLATE_PROVIDER=libretranslate needs TRANSLATE_URL (e.g. http://127.0.0.1:5000)');
    return { provider, url, ...(apiKey ? { apiKey } : {}) };
  }
  if (provider === 'deepl') {
    if (!apiKey) throw new Error('TRANSLATE_PROVIDER=deepl needs TRANSLATE_API_KEY');
    return { provider, apiKey, ...(url ? { url } : {}) };
  }
  throw new Error(`TRANSLATE_PROVIDER must be libretranslate or deepl, got "${env.TRANSLATE_PROVIDER}"`);
}

/** pino's levels, plus `silent`; `info` (the default) keeps request lines out of the console, `debug` writes one per request. */
const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** LOG_LEVEL, refused with the list of levels when it names none (pino would throw an unreadable error later). */
export function parseLogLevel(value: string | undefined): string {
  const level = (value ?? '').trim().toLowerCase() || 'info';
  if (!logLevels.includes(level)) throw new Error(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${value}"`);
  return level;
}

/**
 * LOG_PRETTY: pino-pretty's one readable line per entry. Unset, it is on in development when stdout is a
 * terminal (`npm start` in a shell) and off when stdout is a file or pipe (systemd, docker, tests); `1`
 * turns it on and `0` off outside production. Production always writes JSON for log collectors, so
 * LOG_PRETTY=1 there is refused rather than silently ignored.
 */
export function parseLogPretty(value: string | undefined, production: boolean, stdoutIsTty: boolean): boolean {
  const text = (value ?? '').trim().toLowerCase();
  const on = ['1', 'true', 'yes', 'on'].includes(text);
  const off = ['0', 'false', 'no', 'off'].includes(text);
  if (text && !on && !off) throw new Error(`LOG_PRETTY must be 1 or 0, got "${value}"`);
  if (production && on) throw new Error('LOG_PRETTY=1 is for development: production logs are JSON (read them with `npx pino-pretty`)');
  if (production || off) return false;
  return on || stdoutIsTty;
}

/** METRICS_TOKEN: a bearer token long enough not to be guessed over the network. */
export function parseMetricsToken(value: string | undefined): string | undefined {
  const token = (value ?? '').trim();
  if (!token) return undefined;
  if (token.length < 16) throw new Error(`METRICS_TOKEN must be at least 16 characters long (it has ${token.length}); e.g. openssl rand -hex 24`);
  if (!/^[\x21-\x7e]+$/.test(token)) throw new Error('METRICS_TOKEN must be printable ASCII without spaces (it travels in an Authorization header)');
  return token;
}

/** READY_MAX_JOB_LAG_SECONDS: a whole number of seconds; 0 turns the readiness check of the job queue off. */
export function parseReadyMaxJobLag(value: string | undefined): number {
  const text = (value ?? '').trim();
  if (text === '0') return 0;
  return toInt(text, DEFAULT_READY_MAX_JOB_LAG_SECONDS, 'READY_MAX_JOB_LAG_SECONDS');
}

function resolvePath(base: string, path: string): string {
  return isAbsolute(path) ? path : resolve(base, path);
}

function toInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

/** HS256 (and HMAC-signed file addresses) with a short secret can be brute-forced offline: refuse to start instead. */
function checkedSecret(secret: string, name: string): Uint8Array {
  const bytes = new TextEncoder().encode(secret);
  if (bytes.length < 32) {
    throw new Error(`${name} must be at least 32 bytes long (it has ${bytes.length}); e.g. openssl rand -base64 48`);
  }
  return bytes;
}

/**
 * S3_ENDPOINT switches file storage to an S3-compatible bucket (path-style addressing): S3_BUCKET is
 * required with it, S3_REGION defaults to us-east-1, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go
 * together (both unset: the SDK's usual credential chain, e.g. an instance role).
 */
export function parseS3(env: Env): S3Settings | undefined {
  const endpoint = (env.S3_ENDPOINT ?? '').trim();
  if (!endpoint) return undefined;
  if (!/^https?:\/\/[^/\s]+/i.test(endpoint)) throw new Error(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  const bucket = (env.S3_BUCKET ?? '').trim();
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw new Error(`S3_BUCKET must name a bucket (3 to 63 lowercase letters, digits, dots, dashes) when S3_ENDPOINT is set, got "${bucket}"`);
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (!accessKeyId !== !secretAccessKey) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together, or neither');
  return { endpoint: endpoint.replace(/\/+$/, ''), bucket, region: (env.S3_REGION ?? '').trim() || 'us-east-1', accessKeyId, secretAccessKey };
}

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: a hop count (`1`, `2`; `true` means 1) or a comma list of proxy addresses/CIDRs.
 * Trusting every proxy would let a client choose its IP with a forged leftmost X-Forwarded-For.
 */
export function parseTrustProxy(value: string | undefined): number | string[] | undefined {
  const text = (value ?? '').trim().toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(text)) return undefined;
  if (['true', 'yes'].includes(text)) return 1;
  if (/^[0-9]+$/.test(text)) return toInt(text, 1, 'TRUST_PROXY');
  const entries = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split('/');
    const prefixOk = prefix === undefined || (/^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (isIP(address) === 4 ? 32 : 128));
    if (proxyRangeNames.has(entry) || (isIP(address) !== 0 && prefixOk && extra === undefined)) continue;
    throw new Error(`TRUST_PROXY must be a number of proxy hops or a comma list of proxy addresses/CIDRs, got "${entry}"`);
  }
  return entries;
}

/**
 * SEED_DEMO: in development the demo schools are seeded unless it says no, so `npm start` shows a
 * working school; in production only when it says yes, since their accounts share a public password.
 */
export function parseSeedDemo(value: string | undefined, production: boolean): boolean {
  const text = (value ?? '').trim().toLowerCase();
  if (production) return ['1', 'true', 'yes', 'on'].includes(text);
  return !['0', 'false', 'no', 'off'].includes(text);
}

/** PUBLIC_URL: an http(s) address without a trailing slash, e.g. https://patio.example.org. */
function parsePublicUrl(value: string | undefined): string | undefined {
  const text = (value ?? '').trim().replace(/\/+$/, '');
  if (!text) return undefined;
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {
    // refused below
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || !url.host || url.search || url.hash || url.username || url.password) {
    throw new Error(`PUBLIC_URL must be the http(s) address people open Patio at, e.g. https://patio.example.org, got "${value}"`);
  }
  return text;
}

/** ALLOWED_HOSTS: comma list of host[:port] names, compared without case. */
function parseAllowedHosts(value: string | undefined): string[] | undefined {
  const hosts = (value ?? '').split(',').map((host) => host.trim().toLowerCase()).filter(Boolean);
  for (const host of hosts) {
    if (!/^[a-z0-9.-]+(:[0-9]{1,5})?$|^\[[0-9a-f:.]+\](:[0-9]{1,5})?$/.test(host)) throw new Error(`ALLOWED_HOSTS has an invalid host "${host}"`);
  }
  return hosts.length ? hosts : undefined;
}

/** A random HS256 key generated on first start and kept in DATA_DIR/keys so tokens survive restarts. */
function loadOrCreateKey(dataDir: string): Uint8Array {
  const keyFile = join(dataDir, 'keys', 'jwt-secret');
  if (!existsSync(keyFile)) {
    mkdirSync(dirname(keyFile), { recursive: true, mode: 0o700 });
    writeFileSync(keyFile, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(keyFile, 'utf8').trim());
}
