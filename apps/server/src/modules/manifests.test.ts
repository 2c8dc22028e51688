import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { findTenantTables, takeTenantRefusals, TenantScopeError } from '../db/tenant-guard';
import type { AreaManifest } from '../platform/area-manifest';
import type { Policy } from '../policy/policy';
import { describeOnDatabases, type TestApp } from '../test/harness';
import { areaManifests, tablesOutsideAreas } from './manifests';

// Issue 30 item 2: each area declares itself in one manifest (platform/area-manifest.ts, listed in
// manifests.ts). These tests hold every declaration against what the server really registers and what
// the migrated schema really holds, so a manifest that forgets something, or names what is gone, fails.

const serverSrc = fileURLToPath(new URL('..', import.meta.url));

/** `area → values` for one field of every manifest. */
function declared<T>(pick: (area: AreaManifest) => readonly T[] | undefined): [string, T][] {
  return areaManifests.flatMap((area) => (pick(area) ?? []).map((value) => [area.area, value] as [string, T]));
}

/** The values declared by more than one area, or twice by one. */
function twice<T>(pairs: readonly [string, T][], key: (value: T) => string = String): string[] {
  const seen = new Map<string, string[]>();
  for (const [area, value] of pairs) seen.set(key(value), [...(seen.get(key(value)) ?? []), area]);
  return [...seen].filter(([, areas]) => areas.length > 1).map(([name, areas]) => `${name}: ${areas.join(', ')}`);
}

/** Every source file of the server that is not a test, a fixture or a test helper. */
function productionSources(dir = serverSrc): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'fixtures' ? [] : productionSources(path);
    return /\.ts$/.test(entry.name) && !/\.(test|fixtures)\.ts$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The rows of the authorization table (authorization.test.ts) as `METHOD route` patterns; a route
 * written as a template (`…/${path}`) matches any segment there.
 */
function authorizationRows(): { method: string; route: RegExp }[] {
  const text = readFileSync(join(serverSrc, 'authorization.test.ts'), 'utf8');
  return [...text.matchAll(/method:\s*'(\w+)',\s*route:\s*(['`])([^'`]+)\2/g)].map(([, method, , route]) => ({
    method,
    route: new RegExp(`^${route.split(/\$\{[^}]+\}/).map((part) => part.replace(/[.*+?^()|[\]\\]/g, '\\$&')).join('[^/]+')}$`),
  }));
}

/**
 * Columns whose name says they hold a person (person_id, author_id, created_by…): the schema's own
 * conventions. claimed_by and locked_by name a worker process, not a person.
 */
const PERSON_COLUMN = /(^|_)person_id$|^(author|owner|relative|registrant|payer|reporter|actor|driver|monitor)_id$|^(?!claimed_by$|locked_by$)\w+_by$/;

/** `table.column` of every column that references people (a foreign key), as the database itself records it. */
async function foreignKeysToPeople(t: TestApp): Promise<string[]> {
  const rows =
    t.kind.name === 'SQLite'
      ? await sql<{ tbl: string; col: string }>`select m.name as tbl, f."from" as col from sqlite_master m join pragma_foreign_key_list(m.name) f where m.type = 'table' and f."table" = 'people'`.execute(t.db)
      : await sql<{ tbl: string; col: string }>`
          select kcu.table_name as tbl, kcu.column_name as col
          from information_schema.table_constraints tc
          join information_schema.key_column_usage kcu on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
          join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
          where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'people' and tc.table_schema = current_schema()`.execute(t.db);
  return rows.rows.filter((r) => r.col !== 'org_id').map((r) => `${r.tbl}.${r.col}`);
}

describeOnDatabases('area manifests', (t) => {
  it('item 2: every area folder has one manifest in the list, under its own name', () => {
    const folders = readdirSync(join(serverSrc, 'modules'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(areaManifests.map((m) => m.area).sort()).toEqual(folders.sort());
    expect(twice(areaManifests.map((m) => [m.area, m.area]))).toEqual([]);
  });

  it('item 2: every school route is declared by exactly one area (its policy), and nothing else is', () => {
    const registered = new Set(t.app.patio.policies.all());
    const policies = declared((m) => m.policies);
    expect(twice(policies, (p: Policy) => `${p.method} ${p.path}`), 'policies declared twice').toEqual([]);
    const declaredSet = new Set(policies.map(([, p]) => p));
    expect([...registered].filter((p) => !declaredSet.has(p)).map((p) => `${p.method} ${p.path}`), 'routes no manifest declares').toEqual([]);
    expect(policies.filter(([, p]) => !registered.has(p)).map(([area, p]) => `${area}: ${p.method} ${p.path}`), 'declared policies without a route').toEqual([]);
  });

  it('item 2: every route of every area has its rows in the authorization table', () => {
    const rows = authorizationRows();
    const hasRow = (method: string, url: string) => rows.some((row) => row.method === method && row.route.test(url));
    const missing = declared((m) => m.policies)
      .map(([area, p]) => [area, p.method, `/api/:org/${p.path}`] as const)
      .filter(([, method, url]) => !hasRow(method, url))
      .map(([area, method, url]) => `${area}: ${method} ${url}`);
    expect(missing).toEqual([]);
    // Routes outside a school (the directory, sign-in relays) are in the table too.
    const outside = t.app.patio.routes.filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/:org') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD');
    expect(outside.filter((r) => !hasRow(r.method, r.url)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('item 2: every access kind is declared once and used by the server outside tests, not only by its own test', () => {
    const kinds = areaManifests.flatMap((m) => Object.entries(m.access ?? {}).map(([name, access]) => ({ area: m.area, name, kind: access.kind })));
    expect(kinds.length).toBeGreaterThan(0);
    expect(twice(kinds.map((k) => [k.area, k.kind]))).toEqual([]);
    // The manifests and indexes only name a kind; a use is a call from a policy, a service or a query.
    const sources = productionSources()
      .filter((path) => !/(\.manifest|\/index|\/manifests)\.ts$/.test(path))
      .map((path) => ({ path: relative(serverSrc, path), text: readFileSync(path, 'utf8') }));
    const unused = kinds.filter(({ name }) => {
      const word = new RegExp(`\\b${name}\\b`, 'g');
      // One occurrence is its definition.
      return sources.reduce((count, source) => count + (source.text.match(word)?.length ?? 0), 0) < 2;
    });
    expect(unused.map((k) => `${k.area}: ${k.name} (${k.kind})`)).toEqual([]);
  });

  it('item 2: every jobs kind and live topic is declared once', () => {
    expect(twice(declared((m) => m.jobs), (job) => job.kind)).toEqual([]);
    expect(twice(declared((m) => m.liveTopics), (topic) => String(topic.pattern))).toEqual([]);
  });

  it('item 2: every table belongs to one area, and every table of an area is a tenant table the guard refuses to read unscoped', async () => {
    const tables = (await t.db.introspection.getTables({ withInternalKyselyTables: true })).map((table) => table.name);
    const owned = declared((m) => m.tables);
    expect(twice(owned), 'tables declared twice').toEqual([]);
    const ownedNames = new Set([...owned.map(([, table]) => table), ...tablesOutsideAreas]);
    expect(tables.filter((table) => !ownedNames.has(table)), 'tables no area declares').toEqual([]);
    expect([...ownedNames].filter((table) => !tables.includes(table)), 'declared tables that do not exist').toEqual([]);

    // orgs is the list of schools itself.
    const schools = ([, table]: [string, string]) => table !== 'orgs';
    const tenant = await findTenantTables(t.db);
    expect(owned.filter(schools).filter(([, table]) => !tenant.has(table)).map(([area, table]) => `${area}: ${table}`), 'area tables without a NOT NULL org_id').toEqual([]);
    for (const [, table] of owned.filter(schools)) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- every table by name, whatever its row type
      await expect(t.db.selectFrom(table as any).selectAll().execute(), table).rejects.toThrow(TenantScopeError);
    }
    takeTenantRefusals();
  });

  it('item 2: every column that names a person is declared by exactly one area, the area that owns its table', async () => {
    const tables = await t.db.introspection.getTables();
    const columns = new Set(tables.flatMap((table) => table.columns.map((c) => `${table.name}.${c.name}`)));
    const naming = new Set([...columns].filter((column) => PERSON_COLUMN.test(column.split('.')[1])));
    for (const column of await foreignKeysToPeople(t)) naming.add(column);
    expect(naming.size).toBeGreaterThan(40);

    const personData = areaManifests.flatMap((m) => Object.entries(m.personData ?? {}).flatMap(([table, cols]) => cols.map((col) => [m.area, `${table}.${col}`] as [string, string])));
    expect(twice(personData), 'person columns declared twice').toEqual([]);
    const declaredColumns = new Set(personData.map(([, column]) => column));
    // The job queue keeps who a job is about in its summary, never beyond the job; it is no area's.
    const outside = new Set(['jobs']);
    expect([...naming].filter((column) => !declaredColumns.has(column) && !outside.has(column.split('.')[0])).sort(), 'person columns no area declares').toEqual([]);
    expect(personData.filter(([, column]) => !columns.has(column)).map(([area, column]) => `${area}: ${column}`), 'declared person columns that do not exist').toEqual([]);
    const ownerOf = new Map(declared((m) => m.tables).map(([area, table]) => [table, area]));
    expect(personData.filter(([area, column]) => ownerOf.get(column.split('.')[0]) !== area).map(([area, column]) => `${area}: ${column}`), 'person columns declared by an area that does not own the table').toEqual([]);
  });
});
