import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { currentDataDir, expect } from './test';

/** The dev mailbox of this worker's server: without SMTP_URL it writes each mail to DATA_DIR/mail/*.eml. */
function mailDir(): string {
  return join(currentDataDir(), 'mail');
}

/** Undoes quoted-printable (soft line breaks and =XX bytes), as nodemailer encodes non-ASCII text. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Every mail to `address` in the dev mailbox, newest first (raw). */
function mailsTo(address: string): string[] {
  let files: string[];
  try {
    files = readdirSync(mailDir()).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  const newestFirst = files.map((f) => join(mailDir(), f)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return newestFirst.map((file) => readFileSync(file, 'utf8')).filter((raw) => raw.toLowerCase().includes(`to: ${address.toLowerCase()}`));
}

function newestMailTo(address: string): string | null {
  return mailsTo(address)[0] ?? null;
}

/** Waits for the newest mail to `address` and answers the first link in it that matches `pattern`. */
export async function readLinkFromMail(address: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const raw = newestMailTo(address);
      link = raw ? decodeQuotedPrintable(raw).match(pattern)?.[0] : undefined;
      return link;
    }, { message: `a mail to ${address} in ${mailDir()}`, timeout: 10_000 })
    .toBeTruthy();
  return link!;
}

/** Waits for a mail to `address` whose decoded text matches `pattern` (any mail, not only the newest). */
export async function readMailMatching(address: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(() => {
      found = mailsTo(address).map(decodeQuotedPrintable).find((text) => pattern.test(text));
      return found;
    }, { message: `a mail to ${address} matching ${pattern}`, timeout: 10_000 })
    .toBeTruthy();
  return found!;
}
