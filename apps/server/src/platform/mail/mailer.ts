import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import type { AppConfig } from '../../config';
import { countDelivery } from '../metrics/counters';
import { DevMailDigest } from './dev-mail-digest';
import type { DkimSettings } from './dkim';

/** One outgoing message. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * The stable left part of the Message-ID (`notification.3.41`) of a message that may be sent again
   * after a crash, so mail systems can tell it is the same; the mailer adds `@` and the mail domain.
   * Unset: a random one.
   */
  messageId?: string;
  /** More header fields (List-Unsubscribe…), written as given: ASCII, no line breaks. */
  headers?: Record<string, string>;
}

/** How the mailer writes what every message shares. */
export interface MailerOptions {
  /** The right part of each Message-ID: the host of PUBLIC_URL, the school's address on the web. */
  messageIdDomain: string;
  /** Signs each message when set (DKIM_*). */
  dkim?: DkimSettings;
}

/** The mail platform: SMTP (nodemailer) when SMTP_URL is set, otherwise a dev catcher. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Ends pooled connections (at shutdown). */
  close?(): void;
}

/** Where the dev mailer says what it wrote (an info line, from the caller's logger). */
export type MailLog = (entry: object, msg: string) => void;

/**
 * The message as nodemailer takes it. Every Patio mail is written by the server, never by a person
 * (notifications, digests, sign-in and registration links): Auto-Submitted (RFC 3834) keeps vacation
 * replies and auto-forwards from answering it. The Message-ID sits on the school's own domain, which
 * providers weigh, not on a made-up one.
 */
function envelopeOf(message: MailMessage, from: string, options: MailerOptions): SendMailOptions {
  const { headers, messageId, ...rest } = message;
  // Prepared: written as they are, not folded or encoded (a folded List-Unsubscribe breaks some readers).
  const prepared = Object.fromEntries(Object.entries({ 'Auto-Submitted': 'auto-generated', ...headers }).map(([key, value]) => [key, { prepared: true, value }]));
  return { from, ...rest, messageId: `<${messageId ?? randomUUID()}@${options.messageIdDomain}>`, headers: prepared };
}

/** SMTP through nodemailer (SMTP_URL=smtp://user:pass@host:port, smtps:// for implicit TLS). */
export function createSmtpMailer(url: string, from: string, options: MailerOptions): Mailer {
  // Pooled connections: a notification fan-out sends thousands of mails, and a new SMTP session for
  // each one was half the cost of an email. The URL's own query can still set pool options.
  const pooled = new URL(url);
  if (!pooled.searchParams.has('pool')) pooled.searchParams.set('pool', 'true');
  if (!pooled.searchParams.has('maxConnections')) pooled.searchParams.set('maxConnections', '8');
  const transport = nodemailer.createTransport(pooled.toString(), options.dkim ? { dkim: options.dkim } : undefined);
  return {
    async send(message) {
      await transport.sendMail(envelopeOf(message, from, options));
    },
    close: () => transport.close(),
  };
}

/**
 * Development default: renders each message as an .eml file under DATA_DIR/mail and says where they
 * went, so a developer can open the verification link without a mail server. One line per burst of
 * mails (dev-mail-digest.ts): the demo school's first start writes a hundred.
 */
export function createDevMailer(dir: string, from: string, log: MailLog, options: MailerOptions): Mailer {
  // Signed too when DKIM is set, so an operator can check the signature on a written message.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix', ...(options.dkim ? { dkim: options.dkim } : {}) });
  const digest = new DevMailDigest(dir, log);
  return {
    async send(message) {
      const info = await transport.sendMail(envelopeOf(message, from, options));
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

/** The host of PUBLIC_URL (the links in the mail point there), else localhost in development. */
export function messageIdDomainOf(config: Pick<AppConfig, 'publicUrl'>): string {
  return config.publicUrl ? new URL(config.publicUrl).hostname : 'localhost';
}

/** The app's mailer (one per config, so each test app gets its own). */
export function mailerFor(config: AppConfig, log: MailLog): Mailer {
  let mailer = mailers.get(config);
  if (!mailer) {
    const from = config.mailFrom ?? 'Patio <no-reply@patio.localhost>';
    const options = { messageIdDomain: messageIdDomainOf(config), dkim: config.dkim };
    mailer = countedMailer(config, config.smtpUrl ? createSmtpMailer(config.smtpUrl, from, options) : createDevMailer(join(config.dataDir, 'mail'), from, log, options));
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
