import { SMTPServer } from 'smtp-server';
import { decodeHeader, decodeQuotedPrintable } from '../../test/mail-text';

export interface CaughtMail {
  to: string[];
  raw: string;
  /** The text with quoted-printable soft breaks and escapes undone (UTF-8). */
  text: string;
  /** The Subject header with its MIME encoded words undone. */
  subject: string;
}

/** A real SMTP server on 127.0.0.1 (a random port unless `port` is given) that keeps every message, for tests. */
export async function startSmtpCatcher(
  port = 0,
): Promise<{ url: string; mails: CaughtMail[]; refuse: (address: string) => void; close: () => Promise<void> }> {
  const mails: CaughtMail[] = [];
  // Recipients this server answers 550 (mailbox unavailable), as a real one refuses an unknown address.
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Senders keep pooled connections open: closing waits for them only briefly.
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address.toLowerCase())) return callback();
      const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
      callback(err);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const header = raw.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1] ?? '';
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQuotedPrintable(raw), subject: decodeHeader(header) });
        callback();
      });
    },
  });
  // A client that dies mid-conversation (a killed worker) is its own problem, not the test's.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as { port: number };
  return { url: `smtp://127.0.0.1:${address.port}`, mails, refuse: (a) => void refused.add(a.toLowerCase()), close: () => new Promise((resolve) => server.close(() => resolve())) };
}
