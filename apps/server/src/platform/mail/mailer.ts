import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config';

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

export type MailLog = (entry: { to: string; subject: string; file: string }, msg: string) => void;

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
 * Development default: renders each message as an .eml file under DATA_DIR/mail and logs where it
 * went, so a developer can open the verification link without a mail server.
 */
export function createDevMailer(dir: string, from: string, log: MailLog): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      // Messages hold sign-in and verification links: readable by the server's user only.
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-z0-9]/gi, '')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      log({ to: message.to, subject: message.subject, file }, 'mail written to the dev mailbox');
    },
  };
}

const mailers = new WeakMap<AppConfig, Mailer>();

/** The app's mailer (one per config, so each test app gets its own). */
export function mailerFor(config: AppConfig, log: MailLog): Mailer {
  let mailer = mailers.get(config);
  if (!mailer) {
    const from = config.mailFrom ?? 'Patio <no-reply@patio.localhost>';
    mailer = config.smtpUrl ? createSmtpMailer(config.smtpUrl, from) : createDevMailer(join(config.dataDir, 'mail'), from, log);
    mailers.set(config, mailer);
  }
  return mailer;
}

/** Closes the app's mailer, if it made one (the server and worker processes call it as they stop). */
export function closeMailerOf(config: AppConfig): void {
  mailers.get(config)?.close?.();
  mailers.delete(config);
}
