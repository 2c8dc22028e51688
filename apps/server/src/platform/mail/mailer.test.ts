import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startSmtpCatcher } from '../../modules/registration/smtp-catcher';
import { createDevMailer, createSmtpMailer } from './mailer';

describe('mail platform', () => {
  const dir = mkdtempSync(join(tmpdir(), 'patio-mail-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes messages to DATA_DIR/mail as .eml files and says where when no SMTP server is set', async () => {
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
    mailer.close?.();
    // Where it went, never to whom or about what.
    expect(logged).toEqual([{ count: 1, dir: join(dir, 'mail'), newest: join(dir, 'mail', files[0]) }]);
  });

  it('issue 31 item 4: a burst of dev mails (the demo start) is one log line, not one per mail', async () => {
    const lines: [unknown, string][] = [];
    const box = join(dir, 'burst');
    const mailer = createDevMailer(box, 'Patio <no-reply@test>', (entry, msg) => lines.push([entry, msg]));
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
