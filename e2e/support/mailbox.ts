import { expect } from '@playwright/test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The dev mailbox of the e2e server: without SMTP_URL it writes each mail to DATA_DIR/mail/*.eml. */
const MAIL_DIR = join(process.env.PATIO_E2E_DATA ?? '', 'mail');

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

function newestMailTo(address: string): string | null {
  let files: string[];
  try {
    files = readdirSync(MAIL_DIR).filter((f) => f.endsWith('.eml'));
  } catch {
    return null;
  }
  const newestFirst = files.map((f) => join(MAIL_DIR, f)).sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const file of newestFirst) {
    const raw = readFileSync(file, 'utf8');
    if (raw.toLowerCase().includes(`to: ${address.toLowerCase()}`)) return raw;
  }
  return null;
}

/** Waits for the newest mail to `address` and answers the first link in it that matches `pattern`. */
export async function readLinkFromMail(address: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => {
      const raw = newestMailTo(address);
      link = raw ? decodeQuotedPrintable(raw).match(pattern)?.[0] : undefined;
      return link;
    }, { message: `a mail to ${address} in ${MAIL_DIR}`, timeout: 10_000 })
    .toBeTruthy();
  return link!;
}
