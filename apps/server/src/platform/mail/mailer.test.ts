import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startSmtpCatcher } from '../../modules/registration/smtp-catcher';
import { parseDkim } from './dkim';
import { verifyDkim } from './dkim-verify.fixtures';
import { createDevMailer, createSmtpMailer, messageIdDomainOf } from './mailer';

describe('mail platform', () => {
  const options = { messageIdDomain: 'colegio.example.org' };
  const dir = mkdtempSync(join(tmpdir(), 'patio-mail-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes messages to DATA_DIR/mail as .eml files and says where when no SMTP server is set', async () => {
    const logged: unknown[] = [];
    const mailer = createDevMailer(join(dir, 'mail'), 'Patio <no-reply@test>', (entry) => logged.push(entry), options);
    await mailer.send({ to: 'ana@example.com', subject: 'Hola', text: 'Confirma: http://x/verify?token=abc' });
    const files = readdirSync(join(dir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(join(dir, 'mail', files[0]), 'utf8');
    expect(eml).toContain('To: ana@example.com');
    expect(eml).toContain('Subject: Hola');
    expect(eml).toContain('http://x/verify?token=abc');
    mailer.close?.();
    // Where it went, never to whom or about what.
    expect(logged).toEqual([{ count: 1, dir: join(dir, 'mail'), newest: join(dir, 'mail', files[0]) }]);
  });

  it('issue 31 item 4: a burst of dev mails (the demo start) is one log line, not one per mail', async () => {
    const lines: [unknown, string][] = [];
    const box = join(dir, 'burst');
    const mailer = createDevMailer(box, 'Patio <no-reply@test>', (entry, msg) => lines.push([entry, msg]), options);
    await Promise.all(Array.from({ length: 40 }, (_, i) => mailer.send({ to: `p${i}@example.com`, subject: `Aviso ${i}`, text: 'Hola' })));
    expect(readdirSync(box)).toHaveLength(40);
    await vi.waitFor(() => expect(lines).toHaveLength(1), { timeout: 5000, interval: 50 });
    expect(lines[0]).toEqual([{ count: 40, dir: box, newest: expect.stringMatching(/\.eml$/) }, '40 mails written to the dev mailbox (no SMTP_URL)']);
    expect(JSON.stringify(lines)).not.toMatch(/example\.com|Aviso/);
    mailer.close?.();
    expect(lines).toHaveLength(1);
  });

  it('sends over SMTP to a real local server', async () => {
    const smtp = await startSmtpCatcher();
    try {
      const mailer = createSmtpMailer(smtp.url, 'Patio <no-reply@test>', options);
      await mailer.send({ to: 'bo@example.com', subject: 'Prueba', text: 'Ñandú' });
      mailer.close?.();
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0].to).toEqual(['bo@example.com']);
      expect(smtp.mails[0].raw).toContain('Subject: Prueba');
    } finally {
      await smtp.close();
    }
  });
  it('issue 34 item 2: every mail is Auto-Submitted and has its Message-ID on the school domain, stable when given', async () => {
    const smtp = await startSmtpCatcher();
    try {
      const domain = messageIdDomainOf({ publicUrl: 'https://colegio.example.org:8443' });
      expect(domain).toBe('colegio.example.org');
      expect(messageIdDomainOf({})).toBe('localhost');
      const mailer = createSmtpMailer(smtp.url, 'Patio <no-reply@test>', { messageIdDomain: domain });
      await mailer.send({ to: 'a@example.com', subject: 'Uno', text: 'x', messageId: 'notification.3.41' });
      await mailer.send({ to: 'b@example.com', subject: 'Dos', text: 'x', headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } });
      mailer.close?.();
      const [first, second] = smtp.mails;
      expect(first!.raw).toMatch(/^Message-ID: <notification\.3\.41@colegio\.example\.org>\r$/m);
      expect(second!.raw).toMatch(/^Message-ID: <[0-9a-f-]{36}@colegio\.example\.org>\r$/m);
      for (const mail of smtp.mails) expect(mail.raw).toMatch(/^Auto-Submitted: auto-generated\r$/m);
      expect(second!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    } finally {
      await smtp.close();
    }
  });

  it('issue 34 item 2: with a DKIM key configured, nodemailer signs each mail and the signature verifies, List-Unsubscribe included', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const keyFile = join(dir, 'dkim.pem');
    writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const dkim = parseDkim({ DKIM_DOMAIN: 'Colegio.Example.org', DKIM_SELECTOR: 'patio2026', DKIM_PRIVATE_KEY_FILE: keyFile });
    expect(dkim).toMatchObject({ domainName: 'colegio.example.org', keySelector: 'patio2026' });
    const smtp = await startSmtpCatcher();
    try {
      const mailer = createSmtpMailer(smtp.url, 'Colegio <no-reply@colegio.example.org>', { messageIdDomain: 'colegio.example.org', dkim });
      const url = 'https://colegio.example.org/api/colegio/notifications/unsubscribe?token=1.2.email.3.abc';
      await mailer.send({
        to: 'ana@example.com',
        subject: 'Salida al museo — ñandú',
        text: 'Texto con tildes: canción.\n\nOtra línea   con espacios.   ',
        html: '<p>Hola</p>',
        headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      mailer.close?.();
      const raw = smtp.mails[0]!.raw;
      expect(raw).toMatch(/^DKIM-Signature: /m);
      const check = verifyDkim(raw, publicKey);
      expect(check.tags).toMatchObject({ v: '1', a: 'rsa-sha256', c: 'relaxed/relaxed', d: 'colegio.example.org', s: 'patio2026' });
      expect(check.tags.h!.toLowerCase().split(':')).toEqual(expect.arrayContaining(['from', 'subject', 'message-id', 'list-unsubscribe', 'list-unsubscribe-post', 'auto-submitted']));
      expect(check.bodyHashMatches).toBe(true);
      expect(check.signatureValid).toBe(true);
      // The verifier can fail: another key, or a header changed on the way, does not verify.
      expect(verifyDkim(raw, generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey).signatureValid).toBe(false);
      expect(verifyDkim(raw.replace('List-Unsubscribe: <https://colegio', 'List-Unsubscribe: <https://evil'), publicKey).signatureValid).toBe(false);
      expect(verifyDkim(raw.replace('Hola', 'Adios'), publicKey).bodyHashMatches).toBe(false);
    } finally {
      await smtp.close();
    }
  });

  it('issue 34 item 2: DKIM settings are all or nothing, and the key must be an RSA private key', () => {
    expect(parseDkim({})).toBeUndefined();
    expect(() => parseDkim({ DKIM_DOMAIN: 'colegio.example.org' })).toThrow(/DKIM_SELECTOR/);
    expect(() => parseDkim({ DKIM_DOMAIN: 'colegio.example.org', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: 'not a key' })).toThrow(/RSA private key/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    expect(() => parseDkim({ DKIM_DOMAIN: 'colegio.example.org', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: ec })).toThrow(/RSA/);
    expect(() => parseDkim({ DKIM_DOMAIN: 'bad domain', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: ec })).toThrow(/DKIM_DOMAIN/);
    // A PEM on one line of an environment file, with literal \n.
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
    expect(parseDkim({ DKIM_DOMAIN: 'colegio.example.org', DKIM_SELECTOR: 's1', DKIM_PRIVATE_KEY: rsa.replace(/\n/g, '\\n') })?.privateKey).toBe(rsa.trim());
  });
});
