// Small helpers shared by the bench scripts: start a server process and wait until it answers; read
// and write its database from the outside.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';

/**
 * Starts `node script` with env and resolves once `readyUrl` answers 200 (or one of `readyStatuses`).
 * `env.BENCH_NODE_FLAGS` (space-separated) goes on node's command line: flags NODE_OPTIONS refuses, such as --cpu-prof.
 */
export async function startProcess(script, env, readyUrl, readyStatuses = []) {
  const flags = (env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, script], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(readyUrl);
      if (res.ok || readyStatuses.includes(res.status)) return child;
    } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error(`${script} did not answer ${readyUrl} within 60 s`);
}

/** Formats a number of bytes as KiB with one decimal. */
export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/**
 * The database of a server started by school-data.mjs (`db` from databases(), `school` from startSchool),
 * opened from the bench: `all(sql, params)` answers the rows, with `$n` placeholders on both databases
 * (rewritten to `?` for SQLite); `close()`.
 */
export function openDatabase(db, school) {
  if (db.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: db.env.DATABASE_URL, max: 2 });
    return { all: async (sql, params = []) => (await pool.query(sql, params)).rows, close: () => pool.end() };
  }
  const sqlite = new Database(join(school.dataDir, 'patio.sqlite'));
  sqlite.pragma('busy_timeout = 10000');
  const all = async (sql, params = []) => {
    const statement = sqlite.prepare(sql.replace(/\$\d+/g, '?'));
    if (statement.reader) return statement.all(...params);
    statement.run(...params);
    return [];
  };
  return { all, close: async () => sqlite.close() };
}

/** A demo account's access token (password demo1234) at `base` (…/api/{school}) and the person id it names. */
export async function signInDemo(base, user) {
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(`${user}:demo1234`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const { access_token: token } = await res.json();
  return { token, uid: JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).uid };
}
