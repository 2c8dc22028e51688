import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// The push part of the configuration (README "Configuration"), read from the environment by
// loadConfig: Web Push keys, FCM for the Android (and optionally iOS) app, APNs for the iOS app.

/** A VAPID key pair in base64url (public: uncompressed P-256 point, private: 32 bytes) and its contact. */
export interface VapidSettings {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: address push services may use to reach the operator. */
  subject: string;
}

/** FCM HTTP v1 with a service account (FCM_*). */
export interface FcmSettings {
  projectId: string;
  clientEmail: string;
  /** The service account's PEM private key (RS256). */
  privateKey: string;
  /** Origin of the FCM API, without a trailing slash. */
  endpoint: string;
  /** Where the service account's signed grant is exchanged for an access token. */
  tokenUrl: string;
}

/** APNs with a token (.p8) key (APNS_*). */
export interface ApnsSettings {
  /** PEM PKCS#8 P-256 key. */
  privateKey: string;
  keyId: string;
  teamId: string;
  /** The app's bundle id. */
  topic: string;
  /** Origin of the APNs API (production or sandbox; http:// speaks HTTP/2 without TLS, for tests). */
  host: string;
}

export type IosPushService = 'apns' | 'fcm';

type Env = Record<string, string | undefined>;

export interface PushSettings {
  vapid?: VapidSettings;
  vapidSubject?: string;
  pushAllowInsecureEndpoints: boolean;
  fcm?: FcmSettings;
  apns?: ApnsSettings;
  iosPush: IosPushService;
}

/** The push half of AppConfig: VAPID_*, PUSH_ALLOW_INSECURE_ENDPOINTS, FCM_*, APNS_* and IOS_PUSH. */
export function parsePush(env: Env, baseDir: string = process.cwd()): PushSettings {
  const vapidSubject = (env.VAPID_SUBJECT ?? '').trim() || undefined;
  if (vapidSubject && !/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s/]+.*)$/i.test(vapidSubject)) {
    throw new Error(`VAPID_SUBJECT must be a mailto: or https: address, got "${vapidSubject}"`);
  }
  const publicKey = (env.VAPID_PUBLIC_KEY ?? '').trim();
  const privateKey = (env.VAPID_PRIVATE_KEY ?? '').trim();
  if (!publicKey !== !privateKey) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together, or neither');
  if (publicKey && base64urlLength(publicKey) !== 65) throw new Error('VAPID_PUBLIC_KEY must be an uncompressed P-256 public key in base64url (65 bytes)');
  if (privateKey && base64urlLength(privateKey) !== 32) throw new Error('VAPID_PRIVATE_KEY must be a P-256 private key in base64url (32 bytes)');
  const apns = parseApns(env, baseDir);
  const iosPush = (env.IOS_PUSH ?? '').trim().toLowerCase() || (apns ? 'apns' : 'fcm');
  if (iosPush !== 'apns' && iosPush !== 'fcm') throw new Error(`IOS_PUSH must be apns or fcm, got "${env.IOS_PUSH}"`);
  if (iosPush === 'apns' && !apns && env.IOS_PUSH) throw new Error('IOS_PUSH=apns needs APNS_KEY, APNS_KEY_ID, APNS_TEAM_ID and APNS_TOPIC');
  return {
    vapid: publicKey ? { publicKey, privateKey, subject: vapidSubject ?? defaultVapidSubject(env.MAIL_FROM) } : undefined,
    vapidSubject,
    pushAllowInsecureEndpoints: ['1', 'true', 'yes', 'on'].includes((env.PUSH_ALLOW_INSECURE_ENDPOINTS ?? '').trim().toLowerCase()),
    fcm: parseFcm(env, baseDir),
    apns,
    iosPush,
  };
}

/** A VAPID contact derived from MAIL_FROM (`Patio <x@y>` or `x@y`), so push services can reach the operator. */
export function defaultVapidSubject(mailFrom: string | undefined): string {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom ?? '')?.[1] ?? /^\s*([^<>\s]+@[^<>\s]+)\s*$/.exec(mailFrom ?? '')?.[1];
  return `mailto:${address ?? 'no-reply@patio.localhost'}`;
}

function base64urlLength(value: string): number {
  return /^[A-Za-z0-9_-]+$/.test(value) ? Buffer.from(value, 'base64url').length : -1;
}

/** A secret given either inline (JSON, PEM) or as a path to the file that holds it. */
function inlineOrFile(value: string, looksInline: (text: string) => boolean, baseDir: string, name: string): string {
  if (looksInline(value)) return value;
  try {
    return readFileSync(resolve(baseDir, value), 'utf8');
  } catch (err) {
    throw new Error(`${name} must be the file's content or a readable path, got "${value}"`, { cause: err });
  }
}

/**
 * FCM_SERVICE_ACCOUNT (the Google service-account JSON, or its path) switches FCM on; FCM_PROJECT_ID
 * defaults to the account's project, FCM_TOKEN_URL to its token_uri.
 */
export function parseFcm(env: Env, baseDir: string = process.cwd()): FcmSettings | undefined {
  const raw = (env.FCM_SERVICE_ACCOUNT ?? '').trim();
  if (!raw) return undefined;
  const json = inlineOrFile(raw, (text) => text.startsWith('{'), baseDir, 'FCM_SERVICE_ACCOUNT');
  let account: Record<string, unknown>;
  try {
    account = JSON.parse(json) as Record<string, unknown>;
  } catch (err) {
    throw new Error('FCM_SERVICE_ACCOUNT is not valid JSON', { cause: err });
  }
  const text = (key: string) => (typeof account[key] === 'string' ? (account[key] as string).trim() : '');
  if (!text('client_email') || !text('private_key').includes('PRIVATE KEY')) {
    throw new Error('FCM_SERVICE_ACCOUNT must be a service-account key with client_email and private_key');
  }
  const projectId = (env.FCM_PROJECT_ID ?? '').trim() || text('project_id');
  if (!projectId) throw new Error('FCM_PROJECT_ID is required when the service account names no project_id');
  const endpoint = ((env.FCM_ENDPOINT ?? '').trim() || 'https://fcm.googleapis.com').replace(/\/+$/, '');
  const tokenUrl = (env.FCM_TOKEN_URL ?? '').trim() || text('token_uri') || 'https://oauth2.googleapis.com/token';
  for (const [name, url] of [['FCM_ENDPOINT', endpoint], ['FCM_TOKEN_URL', tokenUrl]]) {
    if (!/^https?:\/\/[^/\s]+/i.test(url)) throw new Error(`${name} must be an http(s) URL, got "${url}"`);
  }
  return { projectId, clientEmail: text('client_email'), privateKey: text('private_key'), endpoint, tokenUrl };
}

/** APNS_KEY (the .p8 token key, or its path) switches APNs on and needs APNS_KEY_ID, APNS_TEAM_ID and APNS_TOPIC. */
export function parseApns(env: Env, baseDir: string = process.cwd()): ApnsSettings | undefined {
  const raw = (env.APNS_KEY ?? '').trim();
  if (!raw) return undefined;
  // A PEM pasted into an environment file often carries its line breaks as \n.
  const privateKey = inlineOrFile(raw, (text) => text.includes('-----BEGIN'), baseDir, 'APNS_KEY').replace(/\\n/g, '\n').trim();
  try {
    if (createPrivateKey(privateKey).asymmetricKeyType !== 'ec') throw new Error('not EC');
  } catch (err) {
    throw new Error('APNS_KEY must be an Apple push token key (.p8, a PEM P-256 private key)', { cause: err });
  }
  const keyId = (env.APNS_KEY_ID ?? '').trim();
  const teamId = (env.APNS_TEAM_ID ?? '').trim();
  const topic = (env.APNS_TOPIC ?? '').trim();
  if (!keyId || !teamId || !topic) throw new Error('APNS_KEY needs APNS_KEY_ID, APNS_TEAM_ID and APNS_TOPIC (the app bundle id)');
  const host = ((env.APNS_HOST ?? '').trim() || 'https://api.push.apple.com').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+$/i.test(host)) throw new Error(`APNS_HOST must be an http(s) origin, got "${host}"`);
  return { privateKey, keyId, teamId, topic, host };
}
