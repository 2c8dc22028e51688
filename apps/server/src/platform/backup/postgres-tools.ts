import { execFile, spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BackupError } from './manifest';

// pg_dump and pg_restore, PostgreSQL's own backup tools. Each must be at least as new as what it
// reads: pg_dump refuses a newer server, pg_restore a dump from a newer pg_dump. Debian installs one
// set per major version under /usr/lib/postgresql/<major>/bin, so a matching one is looked for there
// when the one on the PATH is too old.

export interface PgTool {
  path: string;
  /** e.g. "15.18" */
  version: string;
  major: number;
}

type Env = Record<string, string | undefined>;

/** `name` of major version `minMajor` or newer: from PG_BIN_DIR when set, else the PATH, else Debian's folders. */
export async function findPgTool(name: 'pg_dump' | 'pg_restore', minMajor: number, env: Env): Promise<PgTool> {
  const candidates = env.PG_BIN_DIR ? [join(env.PG_BIN_DIR, name)] : [name, ...(await debianCopies(name))];
  const found: PgTool[] = [];
  for (const path of candidates) {
    const tool = await versionOf(path, env);
    if (!tool) continue;
    if (tool.major >= minMajor) return tool;
    found.push(tool);
  }
  const client = `the PostgreSQL ${minMajor} client tools (Debian: apt install postgresql-client-${minMajor})`;
  if (found.length === 0) {
    throw new BackupError(`${name} was not found${env.PG_BIN_DIR ? ` in PG_BIN_DIR (${env.PG_BIN_DIR})` : ''}: install ${client}, or set PG_BIN_DIR to the folder holding ${name}`);
  }
  throw new BackupError(`${name} ${found[0].version} is too old for PostgreSQL ${minMajor}: install ${client}, or set PG_BIN_DIR to the folder of a ${name} ${minMajor} or newer`);
}

/** Debian's per-version copies of `name`, newest first. */
async function debianCopies(name: string): Promise<string[]> {
  const root = '/usr/lib/postgresql';
  const versions = await readdir(root).catch(() => [] as string[]);
  return versions
    .filter((v) => /^[0-9]+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => join(root, v, 'bin', name));
}

async function versionOf(path: string, env: Env): Promise<PgTool | null> {
  try {
    const { stdout } = await promisify(execFile)(path, ['--version'], { env: { PATH: env.PATH ?? process.env.PATH ?? '' } });
    const match = /\(PostgreSQL\)\s+([0-9]+)(?:\.([0-9]+))?/.exec(stdout);
    if (!match) return null;
    return { path, version: match[2] ? `${match[1]}.${match[2]}` : match[1], major: Number(match[1]) };
  } catch {
    return null;
  }
}

/**
 * How libpq tools reach the database of a postgres:// URL: the URL without its password, which goes in
 * PGPASSWORD instead (an argument shows in every user's process list, the environment does not).
 */
export function libpqConnection(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** A postgres:// URL fit for messages and logs: without its password. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return '(an invalid DATABASE_URL)';
  }
}

/** Runs a tool to its end; throws BackupError with the last lines it wrote to stderr when it fails. */
export function runPgTool(tool: PgTool, args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool.path, args, { env: { ...process.env, ...env, PGAPPNAME: 'patio-backup' }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.once('error', (err) => reject(new BackupError(`Could not run ${tool.path}: ${err.message}`)));
    child.once('close', (code, signal) => {
      if (code === 0) return resolve();
      const said = stderr.trim().split('\n').slice(-3).join(' ').replace(/\s+/g, ' ');
      reject(new BackupError(`${tool.path} failed (${signal ?? `exit ${code}`}): ${said || 'no message'}`));
    });
  });
}
