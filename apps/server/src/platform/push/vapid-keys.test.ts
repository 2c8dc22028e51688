import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config';
import { vapidKeysFor } from './vapid-keys';

describe('vapidKeysFor', () => {
  const base = mkdtempSync(join(tmpdir(), 'patio-vapid-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('generates one key pair into DATA_DIR/keys, readable by the server user only, and reuses it', () => {
    const dataDir = join(base, 'generated');
    const first = vapidKeysFor({ dataDir } as AppConfig);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(first.subject).toBe('mailto:no-reply@patio.localhost');
    const file = join(dataDir, 'keys', 'vapid.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'keys')).mode & 0o777).toBe(0o700);
    // A restarted server (a new config) signs with the same key the browsers subscribed with.
    const again = vapidKeysFor({ dataDir, mailFrom: 'Colegio <avisos@colegio.edu.co>' } as AppConfig);
    expect(again).toEqual({ ...first, subject: 'mailto:avisos@colegio.edu.co' });
  });

  it('prefers the keys and subject of the environment and writes nothing', () => {
    const dataDir = join(base, 'configured');
    const vapid = { publicKey: 'pub', privateKey: 'priv', subject: 'https://colegio.edu.co/contacto' };
    expect(vapidKeysFor({ dataDir, vapid } as AppConfig)).toEqual(vapid);
    expect(() => statSync(join(dataDir, 'keys', 'vapid.json'))).toThrow();
    expect(vapidKeysFor({ dataDir, vapidSubject: 'mailto:ops@colegio.edu.co' } as AppConfig).subject).toBe('mailto:ops@colegio.edu.co');
  });
});
