import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

// DKIM signing of outgoing mail (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE;
// docs/operations.md "DKIM"). Providers file unsigned bulk mail as spam, and RFC 8058 wants the
// List-Unsubscribe headers under a signature before a one-click unsubscribe is offered.

/** What nodemailer's `dkim` option takes. */
export interface DkimSettings {
  domainName: string;
  keySelector: string;
  /** PEM. */
  privateKey: string;
  /** Header fields signed: nodemailer's list plus the ones Patio adds (RFC 8058 §4 asks for List-Unsubscribe-Post). */
  headerFieldNames: string;
}

/** nodemailer's default signed fields (dkim/sign.js), then ours. */
const SIGNED_FIELDS =
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type:Content-Transfer-Encoding:Content-ID:' +
  'Content-Description:Resent-Date:Resent-From:Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References:' +
  'List-Id:List-Help:List-Unsubscribe:List-Subscribe:List-Post:List-Owner:List-Archive:List-Unsubscribe-Post:Auto-Submitted';

/**
 * The DKIM settings, or undefined when none of DKIM_* is set. Half a configuration, or a key that
 * does not parse, stops the start: mail that silently goes out unsigned is what the setting is meant to end.
 */
export function parseDkim(env: Record<string, string | undefined>, baseDir: string = process.cwd()): DkimSettings | undefined {
  const domain = (env.DKIM_DOMAIN ?? '').trim().toLowerCase();
  const selector = (env.DKIM_SELECTOR ?? '').trim();
  const inline = (env.DKIM_PRIVATE_KEY ?? '').trim();
  const file = (env.DKIM_PRIVATE_KEY_FILE ?? '').trim();
  if (!domain && !selector && !inline && !file) return undefined;
  if (!domain || !selector || (!inline && !file)) {
    throw new Error('DKIM needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE) together');
  }
  if (inline && file) throw new Error('Set DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE, not both');
  if (!/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(domain)) throw new Error(`DKIM_DOMAIN is not a domain name: ${domain}`);
  if (!/^[a-z0-9]([a-z0-9._-]{0,62})$/i.test(selector)) throw new Error(`DKIM_SELECTOR is not a DNS label: ${selector}`);
  // An environment file often holds a PEM on one line with literal \n.
  const privateKey = (file ? readFileSync(resolve(baseDir, file), 'utf8') : inline).replace(/\\n/g, '\n').trim();
  try {
    const key = createPrivateKey(privateKey);
    if (key.asymmetricKeyType !== 'rsa') throw new Error(`a ${key.asymmetricKeyType} key`);
  } catch (err) {
    throw new Error(`DKIM private key: not an RSA private key in PEM (${err instanceof Error ? err.message : String(err)})`, { cause: err });
  }
  return { domainName: domain, keySelector: selector, privateKey, headerFieldNames: SIGNED_FIELDS };
}
