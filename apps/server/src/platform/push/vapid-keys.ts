import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import webPush from 'web-push';
import type { AppConfig } from '../../config';
import { defaultVapidSubject, type VapidSettings } from './push-settings';

// Browsers bind each subscription to the VAPID public key it was made with, so the key pair must
// outlive restarts: from the environment, or generated once into DATA_DIR/keys like the JWT secret.

const keys = new WeakMap<AppConfig, VapidSettings>();

/** The Web Push keys and contact of this server (VAPID_* or DATA_DIR/keys/vapid.json). */
export function vapidKeysFor(config: AppConfig): VapidSettings {
  let settings = keys.get(config);
  if (!settings) {
    settings = config.vapid ?? { ...loadOrCreateKeyPair(join(config.dataDir, 'keys', 'vapid.json')), subject: config.vapidSubject ?? defaultVapidSubject(config.mailFrom) };
    keys.set(config, settings);
  }
  return settings;
}

function loadOrCreateKeyPair(file: string): { publicKey: string; privateKey: string } {
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    // Written aside and linked into place: link() fails when the file exists, so a server and a worker
    // starting together agree on one pair, and neither ever reads a half-written file.
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(temporary, JSON.stringify(webPush.generateVAPIDKeys()), { mode: 0o600 });
    try {
      linkSync(temporary, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(temporary);
    }
  }
  const pair = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof pair.publicKey !== 'string' || typeof pair.privateKey !== 'string') throw new Error(`${file} does not hold a VAPID key pair`);
  return { publicKey: pair.publicKey, privateKey: pair.privateKey };
}
