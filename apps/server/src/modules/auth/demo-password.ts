import type { AppConfig } from '../../config';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/errors';
import { findPasswordHashesOfSchools } from './demo-password.queries';
import { verifyPassword } from './password';

// The demo schools' accounts share one password that `npm start` prints and the README names. On a
// production server such an account is anyone's, so it may not sign in with it. A person cannot
// choose it (new passwords have at least ten characters): only seeded accounts can still hold it.

/** The password every seeded demo account starts with (db/seed). */
export const DEMO_PASSWORD = 'demo1234';

/**
 * Called once the password proved right: in production the demo password signs nobody in. The
 * typed text is compared, not the hash, so the check costs nothing.
 */
export function refuseDemoPassword(config: Pick<AppConfig, 'production'>, password: string): void {
  if (!config.production || password !== DEMO_PASSWORD) return;
  throw new HttpError(
    403,
    'demo_password',
    'This account still has the public demo password, so it cannot sign in on this server: choose a new password with "Forgot your password?" or ask the school',
  );
}

/**
 * How many accounts of these schools (the demo schools' codes) still have the demo password, for
 * the start-up banner. Only those schools are looked at: each check is a deliberately slow scrypt.
 */
export async function countDemoPasswordAccounts(db: Database, schoolCodes: readonly string[]): Promise<number> {
  const hashes = await findPasswordHashesOfSchools(db, schoolCodes);
  const matches = await Promise.all(hashes.map((hash) => verifyPassword(DEMO_PASSWORD, hash)));
  return matches.filter(Boolean).length;
}
