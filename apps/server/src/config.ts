import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  publicUrl?: string;
  /** Built SPA to serve on non-/api paths; ignored when the folder does not exist. */
  webRoot?: string;
  seedDemo: boolean;
  signInLimits: SignInLimits;
  registrationLimits: RegistrationLimits;
  /** Trust X-Forwarded-* from a reverse proxy (TRUST_PROXY=true), for client IPs and the origin. */
  trustProxy?: boolean;
  /** SMTP server for outgoing mail (SMTP_URL); unset: messages go to DATA_DIR/mail/*.eml and the log. */
  smtpUrl?: string;
  /** Sender of outgoing mail (MAIL_FROM). */
  mailFrom?: string;
}

/** Failed sign-in attempts allowed per window, per account and per client IP. */
export interface SignInLimits {
  perAccount: number;
  perIp: number;
  windowSeconds: number;
}

export const defaultSignInLimits: SignInLimits = { perAccount: 10, perIp: 30, windowSeconds: 15 * 60 };

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

type Env = Record<string, string | undefined>;

/** Reads the environment (README "Configuration"); creates DATA_DIR and a signing key when missing. */
export function loadConfig(env: Env = process.env): AppConfig {
  const baseDir = env.INIT_CWD ?? process.cwd();
  const dataDir = resolvePath(baseDir, env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const webRoot = env.WEB_ROOT
    ? resolvePath(baseDir, env.WEB_ROOT)
    : // src/config.ts and dist/main.js both sit one level below apps/server.
      resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  return {
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    port: toInt(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    jwtSecret: env.PATIO_JWT_SECRET ? new TextEncoder().encode(env.PATIO_JWT_SECRET) : loadOrCreateKey(dataDir),
    accessTokenTtl: toInt(env.ACCESS_TOKEN_TTL, 7 * 24 * 3600, 'ACCESS_TOKEN_TTL'),
    logLevel: env.LOG_LEVEL || 'info',
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    webRoot,
    seedDemo: !['0', 'false', 'no', 'off'].includes((env.SEED_DEMO ?? 'true').toLowerCase()),
    signInLimits: defaultSignInLimits,
    registrationLimits: defaultRegistrationLimits,
    trustProxy: ['1', 'true', 'yes'].includes((env.TRUST_PROXY ?? '').toLowerCase()),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || undefined,
  };
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

/** A random HS256 key generated on first start and kept in DATA_DIR/keys so tokens survive restarts. */
function loadOrCreateKey(dataDir: string): Uint8Array {
  const keyFile = join(dataDir, 'keys', 'jwt-secret');
  if (!existsSync(keyFile)) {
    mkdirSync(dirname(keyFile), { recursive: true, mode: 0o700 });
    writeFileSync(keyFile, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(keyFile, 'utf8').trim());
}
