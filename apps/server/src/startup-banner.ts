import type { AddressInfo } from 'node:net';
import { demoOrg } from './db/seed/index';
import { admin, driver, parent, studentAccount, teacher } from './db/seed/demo-people';
import { demoPassword } from './db/seed/demo-school';
import { norteOrg } from './db/seed/norte-school';

export interface BannerInput {
  /** Where the server listens (server.address()). */
  address: AddressInfo | string | null;
  publicUrl?: string;
  /** The demo schools were seeded at start (SEED_DEMO). */
  seedDemo: boolean;
  /** NODE_ENV=production: a real school's server tells nobody the demo password. */
  production: boolean;
  logLevel: string;
  /** Production: accounts of the demo schools that still have the demo password (they cannot sign in). */
  demoPasswordAccounts?: number;
  /** Production: PAYMENT_PROVIDER=sandbox, so online payments mark bills paid without money. */
  paymentsSimulated?: boolean;
}

/** The address a person opens: PUBLIC_URL, else this machine at the listening port. */
export function browserUrl(address: BannerInput['address'], publicUrl?: string): string {
  if (publicUrl) return publicUrl;
  if (!address || typeof address === 'string') return 'http://localhost:8080';
  const wildcard = ['0.0.0.0', '::', ''].includes(address.address);
  const host = wildcard || address.address === '127.0.0.1' || address.address === '::1' ? 'localhost' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/**
 * What `npm start` prints once the server listens: where to open it and, on a demo server, how to
 * sign in (the school code and the demo accounts). Plain text for a person, beside the JSON log. In
 * production, whatever makes the server unfit for a real school gets one loud line each, so an
 * operator who left the demo or the sandbox on sees it at the first start.
 */
export function startupBanner(input: BannerInput): string {
  const { address, publicUrl, seedDemo, production, logLevel } = input;
  const url = browserUrl(address, publicUrl);
  const lines = ['', `  Patio is running at ${url}`];
  if (production) lines.push(...productionWarnings(input));
  if (seedDemo && !production) {
    const accounts = [admin, teacher, parent, studentAccount, driver].map((person) => person.username).join(', ');
    lines.push(
      `  School code: ${demoOrg.code}  (a second school: ${norteOrg.code})`,
      `  Accounts: ${accounts}  ·  password ${demoPassword}`,
    );
  }
  lines.push(`  API documentation: ${url}/api/docs`);
  if (logLevel === 'info') lines.push('  Request logs are off; LOG_LEVEL=debug writes one line per request.');
  return `${lines.join('\n')}\n\n`;
}

function productionWarnings({ seedDemo, demoPasswordAccounts = 0, paymentsSimulated }: BannerInput): string[] {
  const warnings: string[] = [];
  if (seedDemo) {
    warnings.push(`  !!! DEMO SCHOOLS SEEDED (SEED_DEMO=1): "${demoOrg.code}" and "${norteOrg.code}" hold made-up people; unset SEED_DEMO for a real school`);
  }
  if (demoPasswordAccounts > 0) {
    const accounts = demoPasswordAccounts === 1 ? '1 ACCOUNT STILL HAS' : `${demoPasswordAccounts} ACCOUNTS STILL HAVE`;
    warnings.push(`  !!! ${accounts} THE DEMO PASSWORD: refused at sign-in until a new password is set ("Forgot your password?")`);
  }
  if (paymentsSimulated) {
    warnings.push('  !!! PAYMENTS ARE SIMULATED (PAYMENT_PROVIDER=sandbox): bills are marked paid without any money moving');
  }
  return warnings;
}
