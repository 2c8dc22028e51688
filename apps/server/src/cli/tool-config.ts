import { resolve } from 'node:path';
import { type AppConfig, loadConfig } from '../config';

// What backup, restore and migrate share: the server's configuration, read from the same environment
// (the server's EnvironmentFile works as is), and paths given on the command line.

/**
 * backup, restore and migrate sign nothing. Without PATIO_JWT_SECRET, loadConfig would create
 * DATA_DIR/keys/jwt-secret, and restore needs an empty DATA_DIR and `migrate --check` changes nothing:
 * this stand-in keeps it from doing so. It is never used to sign.
 */
const STAND_IN_SECRET = 'not-a-secret:command-line-tools-sign-nothing';

export function toolConfig(env: Record<string, string | undefined>): AppConfig {
  return loadConfig({ ...env, PATIO_JWT_SECRET: env.PATIO_JWT_SECRET || STAND_IN_SECRET });
}

/** A path argument, relative to where npm was run (INIT_CWD), as DATA_DIR is. */
export function pathArgument(env: Record<string, string | undefined>, path: string): string {
  return resolve(env.INIT_CWD ?? process.cwd(), path);
}

/** Secrets that live in the environment, not in DATA_DIR/keys, so no backup holds them. */
export function secretsInEnvironment(env: Record<string, string | undefined>): string[] {
  return ['PATIO_JWT_SECRET', 'PATIO_FILE_URL_SECRET', 'VAPID_PRIVATE_KEY'].filter((name) => env[name]);
}
