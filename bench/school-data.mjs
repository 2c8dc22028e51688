// Shared by import-1000 and audience-5000: start the built server on SQLite or PostgreSQL, sign in
// as the demo admin and import generated classes through the real API.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startProcess } from './lib.mjs';

const here = new URL('.', import.meta.url).pathname;

/** SQLite always; PostgreSQL too when BENCH_PG_URL=postgres://… names a server (a scratch database is created). */
export async function* databases() {
  yield { name: 'SQLite', env: {}, drop: async () => {} };
  const url = process.env.BENCH_PG_URL;
  if (!url) return;
  const name = `patio_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  yield {
    name: 'PostgreSQL',
    env: { DATABASE_URL: dbUrl.toString() },
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Starts dist/main.js (BENCH_SERVER: another build's main.js) with the demo school; answers the API base, an admin token, a stop(), the data
 * directory (its patio.sqlite on SQLite) and the server's pid (for its CPU time).
 */
export async function startSchool(port, env) {
  const dataDir = mkdtempSync(join(tmpdir(), 'patio-bench-'));
  const child = await startProcess(process.env.BENCH_SERVER ?? join(here, '../apps/server/dist/main.js'),
    { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    `http://127.0.0.1:${port}/api/directory/demo`);
  const base = `http://127.0.0.1:${port}/api/demo`;
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('admin:demo1234').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const { access_token: token } = await res.json();
  const stop = async () => {
    child.kill();
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { base, token, stop, dataDir, pid: child.pid };
}

/** Class nodes of the demo school. */
export async function findClasses({ base, token }) {
  const res = await fetch(`${base}/nodes`, { headers: { authorization: `Bearer ${token}` } });
  const { nodes } = await res.json();
  return nodes.filter((n) => n.typeKey.startsWith('class'));
}

/** `count` students, two per family, as a Spanish-header CSV; `prefix` keeps documents unique. */
export function studentsCsv(count, prefix) {
  const lines = ['Nombre;Apellidos;Documento;Fecha de nacimiento;Género;Nombre acudiente;Apellido acudiente;Documento acudiente;Correo acudiente;Parentesco'];
  for (let i = 0; i < count; i++) {
    const f = Math.floor(i / 2);
    lines.push([`Nombre${i}`, `Apellido${f % 97}`, `${prefix}S${i}`, `${(i % 28) + 1}/0${(i % 9) + 1}/2014`, i % 2 ? 'M' : 'F',
      `Acudiente${f}`, `Apellido${f % 97}`, `${prefix}P${f}`, `${prefix.toLowerCase()}${f}@example.com`, f % 2 ? 'padre' : 'madre'].join(';'));
  }
  return lines.join('\n');
}

/** Upload (preview) and commit; answers the milliseconds of each step and the result report. */
export async function importCsv({ base, token }, nodeId, csv) {
  const auth = { authorization: `Bearer ${token}` };
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'students.csv');
  let t0 = performance.now();
  const draft = await (await fetch(`${base}/nodes/${nodeId}/imports`, { method: 'POST', headers: auth, body: form })).json();
  const uploadMs = performance.now() - t0;
  if (draft.errors?.length) throw new Error(`import has errors: ${JSON.stringify(draft.errors.slice(0, 3))}`);
  t0 = performance.now();
  const res = await fetch(`${base}/nodes/${nodeId}/imports/${draft.id}/commit`, {
    method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}',
  });
  const done = await res.json();
  if (res.status !== 200) throw new Error(`commit answered ${res.status}: ${JSON.stringify(done)}`);
  return { uploadMs, commitMs: performance.now() - t0, result: done.result };
}
