import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSmtpCatcher } from '../../modules/registration/smtp-catcher';
import { createDevMailer, createSmtpMailer } from './mailer';

describe('mail platform', () => {
  const dir = mkdtempSync(join(tmpdir(), 'patio-mail-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes messages to DATA_DIR/mail as .eml files and logs them when no SMTP server is set', async () => {
    const logged: unknown[] = [];
    const mailer = createDevMailer(join(dir, 'mail'), 'Patio <no-reply@test>', (entry) => logged.push(entry));
    await mailer.send({ to: 'ana@example.com', subject: 'Hola', text: 'Confirma: http://x/verify?token=abc' });
    const files = readdirSync(join(dir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(join(dir, 'mail', files[0]), 'utf8');
    expect(eml).toContain('To: ana@example.com');
    expect(eml).toContain('Subject: Hola');
    expect(eml).toContain('http://x/verify?token=abc');
    expect(logged).toEqual([{ to: 'ana@example.com', subject: 'Hola', file: join(dir, 'mail', files[0]) }]);
  });

  it('sends over SMTP to a real local server', async () => {
    const smtp = await startSmtpCatcher();
    try {
      const mailer = createSmtpMailer(smtp.url, 'Patio <no-reply@test>');
      await mailer.send({ to: 'bo@example.com', subject: 'Prueba', text: 'Ñandú' });
      mailer.close?.();
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0].to).toEqual(['bo@example.com']);
      expect(smtp.mails[0].raw).toContain('Subject: Prueba');
    } finally {
      await smtp.close();
    }
  });
});
