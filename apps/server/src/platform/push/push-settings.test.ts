import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultVapidSubject, parsePush } from './push-settings';

describe('push configuration', () => {
  const base = mkdtempSync(join(tmpdir(), 'patio-push-settings-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256', privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  const account = { type: 'service_account', project_id: 'patio-app', client_email: 'push@patio-app.iam.gserviceaccount.com', private_key: rsa.privateKey, token_uri: 'https://oauth2.googleapis.com/token' };

  it('has no push service and no insecure endpoints by default', () => {
    expect(parsePush({}, base)).toEqual({ vapid: undefined, vapidSubject: undefined, pushAllowInsecureEndpoints: false, fcm: undefined, apns: undefined, iosPush: 'fcm' });
    expect(parsePush({ PUSH_ALLOW_INSECURE_ENDPOINTS: '1' }, base).pushAllowInsecureEndpoints).toBe(true);
  });

  it('reads VAPID keys only as a pair, with a subject from MAIL_FROM', () => {
    const publicKey = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
    const privateKey = Buffer.alloc(32, 9).toString('base64url');
    expect(parsePush({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, MAIL_FROM: 'Patio <avisos@colegio.edu.co>' }, base).vapid).toEqual({ publicKey, privateKey, subject: 'mailto:avisos@colegio.edu.co' });
    expect(() => parsePush({ VAPID_PUBLIC_KEY: publicKey }, base)).toThrow(/set together/);
    expect(() => parsePush({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: privateKey }, base)).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => parsePush({ VAPID_SUBJECT: 'ops@colegio.edu.co' }, base)).toThrow(/VAPID_SUBJECT/);
    expect(defaultVapidSubject('avisos@colegio.edu.co')).toBe('mailto:avisos@colegio.edu.co');
    expect(defaultVapidSubject(undefined)).toBe('mailto:no-reply@patio.localhost');
  });

  it('reads the FCM service account inline or from a file', () => {
    const file = join(base, 'service-account.json');
    writeFileSync(file, JSON.stringify(account));
    const expected = { projectId: 'patio-app', clientEmail: account.client_email, privateKey: rsa.privateKey.trim(), endpoint: 'https://fcm.googleapis.com', tokenUrl: account.token_uri };
    expect(parsePush({ FCM_SERVICE_ACCOUNT: 'service-account.json' }, base).fcm).toEqual(expected);
    expect(parsePush({ FCM_SERVICE_ACCOUNT: JSON.stringify(account), FCM_PROJECT_ID: 'other', FCM_ENDPOINT: 'http://127.0.0.1:9/', FCM_TOKEN_URL: 'http://127.0.0.1:9/token' }, base).fcm).toEqual({
      ...expected,
      projectId: 'other',
      endpoint: 'http://127.0.0.1:9',
      tokenUrl: 'http://127.0.0.1:9/token',
    });
    expect(() => parsePush({ FCM_SERVICE_ACCOUNT: 'missing.json' }, base)).toThrow(/FCM_SERVICE_ACCOUNT must be/);
    expect(() => parsePush({ FCM_SERVICE_ACCOUNT: '{"client_email":"x"}' }, base)).toThrow(/client_email and private_key/);
  });

  it('reads the APNs key and prefers APNs for iOS when it is set', () => {
    writeFileSync(join(base, 'AuthKey.p8'), ec.privateKey);
    const env = { APNS_KEY: 'AuthKey.p8', APNS_KEY_ID: 'KEY123', APNS_TEAM_ID: 'TEAM45', APNS_TOPIC: 'org.patio.app' };
    expect(parsePush(env, base)).toMatchObject({ apns: { privateKey: ec.privateKey.trim(), keyId: 'KEY123', teamId: 'TEAM45', topic: 'org.patio.app', host: 'https://api.push.apple.com' }, iosPush: 'apns' });
    expect(parsePush({ ...env, APNS_KEY: ec.privateKey.replace(/\n/g, '\\n'), IOS_PUSH: 'fcm' }, base)).toMatchObject({ apns: { privateKey: ec.privateKey.trim() }, iosPush: 'fcm' });
    expect(() => parsePush({ ...env, APNS_TOPIC: '' }, base)).toThrow(/APNS_TOPIC/);
    expect(() => parsePush({ ...env, APNS_KEY: rsa.privateKey }, base)).toThrow(/APNS_KEY must be/);
    expect(() => parsePush({ IOS_PUSH: 'apns' }, base)).toThrow(/IOS_PUSH=apns needs/);
    expect(() => parsePush({ IOS_PUSH: 'carrier-pigeon' }, base)).toThrow(/IOS_PUSH must be/);
  });
});
