import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config';
import { countDelivery } from '../metrics/counters';
import { DevMailDigest } from './dev-mail-digest';

/** One outgoing message. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A stable Message-ID for a message that may be sent again after a crash, so mail systems can tell it is the same. */
  messageId?: string;
}

/** The mail platform: SMTP (nodemailer) when SMTP_URL is set, otherwise a dev catcher. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Ends pooled connections (at shutdown). */
  close?(): void;
}

/** Where the dev mailer says what it wrote (an info line, from the caller's logger). */
export type MailLog = (entry: object, msg: string) => void;

/** SMTP through nodemailer (SMTP_URL=smtp://user:pass@host:port, smtps:// for implicit TLS). */
export function createSmtpMailer(url: string, from: string): Mailer {
  // Pooled connections: a notification fan-out sends thousands of mails, and a new SMTP session for
  // each one was half the cost of an email. The URL's own query can still set pool options.
  const pooled = new URL(url);
  if (!pooled.searchParams.has('pool')) pooled.searchParams.set('pool', 'true');
  if (!pooled.searchParams.has('maxConnections')) pooled.searchParams.set('maxConnections', '8');
  const transport = nodemailer.createTransport(pooled.toString());
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

/**
 * Development default: renders each message as an .eml file under DATA_DIR/mail and says where they
 * went, so a developer can open the verification link without a mail server. One line per burst of
 * mails (dev-mail-digest.ts): the demo school's first start writes a hundred.
 */
export function createDevMailer(dir: string, from: string, log: MailLog): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const digest = new DevMailDigest(dir, log);
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      // Messages hold sign-in and verification links: readable by the server's user only.
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-z0-9]/gi, '')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      digest.add(file);
    },
    close: () => digest.flush(),
  };
}

const mailers = new WeakMap<AppConfig, Mailer>();

/** The app's mailer (one per config, so each test app gets its own). */
export function mailerFor(config: AppConfig, log: MailLog): Mailer {
  let mailer = mailers.get(config);
  if (!mailer) {
    const from = config.mailFrom ?? 'Patio <no-reply@patio.localhost>';
    mailer = countedMailer(config, config.smtpUrl ? createSmtpMailer(config.smtpUrl, from) : createDevMailer(join(config.dataDir, 'mail'), from, log));
    mailers.set(config, mailer);
  }
  return mailer;
}

/** The mailer, with each message counted as sent or failed (GET /metrics). */
function countedMailer(config: AppConfig, mailer: Mailer): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (err) {
        countDelivery(config, 'mail', false);
        throw err;
      }
      countDelivery(config, 'mail', true);
    },
    close: () => mailer.close?.(),
  };
}

/** Closes the app's mailer, if it made one (the server and worker processes call it as they stop). */
export function closeMailerOf(config: AppConfig): void {
  mailers.get(config)?.close?.();
  mailers.delete(config);
}
