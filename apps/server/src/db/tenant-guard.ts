import type { Kysely, KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

// A query of a tenant table that forgets its school is a leak waiting for a second school. Tests run
// every query through this plugin (AppConfig.tenantGuard), which refuses, before it reaches the
// database, a query that reads, changes or deletes rows of a tenant table without an org_id
// condition on that table, or inserts into one without an org_id column.
//
// "A condition" is an `org_id = …` / `org_id in …` (on that table's alias, or unqualified when the
// query names one table) that holds whatever else the WHERE says: it is inside the AND chain (an OR
// counts only when both sides hold it), and the other side is a value, a subquery (itself checked),
// or the org_id of a table that is already held, in this query or an enclosing one. A JOIN's ON only
// holds the table it joins (a LEFT JOIN's ON filters nothing else). Subqueries, unions, CTEs and
// INSERT … SELECT are checked as queries of their own.

/** Thrown (in tests) for a query that could cross schools. */
export class TenantScopeError extends Error {
  override name = 'TenantScopeError';
}

// A refused query inside a request becomes a bare 500 for the test that made it; the harness asks
// for what was refused after each test and fails it with these messages and where the query was built.
const refusals: string[] = [];

/** The refusals since the last call, each with the first frames of application code that built the query. */
export function takeTenantRefusals(): string[] {
  return refusals.splice(0);
}

function refuse(message: string): never {
  const frames = (new Error().stack ?? '').split('\n').filter((line) => line.includes('/src/') && !line.includes('/db/tenant-guard.ts'));
  refusals.push([message, ...frames.slice(0, 3)].join('\n'));
  throw new TenantScopeError(message);
}

/**
 * Tenant tables are read from the migrated schema: every table whose org_id column is NOT NULL.
 * Platform tables (orgs, Kysely's migration tables, jobs whose org_id is nullable) are not.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database: the app's typed one or a migration's
export async function findTenantTables(db: Kysely<any>): Promise<Set<string>> {
  const tables = await db.introspection.getTables();
  return new Set(tables.filter((t) => t.columns.some((c) => c.name === 'org_id' && !c.isNullable)).map((t) => t.name));
}

/** The same database with every later query checked by the guard. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database: the app's typed one or a migration's
export async function withTenantGuard<T extends Kysely<any>>(db: T): Promise<T> {
  return db.withPlugin(new TenantGuard(await findTenantTables(db))) as T;
}

export class TenantGuard implements KyselyPlugin {
  constructor(private readonly tenantTables: ReadonlySet<string>) {}

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind === 'RawNode') checkRawQuery(node as unknown as RawNode, this.tenantTables);
    else visit(node as unknown as Node, undefined, new Set(), this.tenantTables);
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

// ── The node shapes read here (a structural subset of Kysely's operation nodes) ─────────────────
type Node = OperationNode & Record<string, unknown>;
interface RawNode { kind: 'RawNode'; sqlFragments: readonly string[]; parameters: readonly Node[] }
interface Source { alias: string; table: string | null; held: boolean }
interface Scope { sources: Source[]; parent: Scope | undefined }
interface Facts { held: Set<Source>; links: [Source, Source][] }

const QUERY_KINDS = new Set(['SelectQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'InsertQueryNode']);
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).kind === 'string';
const nameOf = (identifier: unknown): string => String((identifier as { name: string }).name);

/** Walks the tree; each query node is checked with the scope of the query around it. */
function visit(node: Node, scope: Scope | undefined, ctes: ReadonlySet<string>, tenant: ReadonlySet<string>): void {
  let inner = scope;
  let names = ctes;
  if (QUERY_KINDS.has(node.kind)) {
    const withNode = node.with as { expressions: { name: { table: { table: { identifier: unknown } } } }[] } | undefined;
    if (withNode) names = new Set([...ctes, ...withNode.expressions.map((e) => nameOf(e.name.table.table.identifier))]);
    inner = checkQuery(node, scope, names, tenant);
  }
  for (const value of Object.values(node)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (isNode(item)) visit(item, inner, names, tenant);
    }
  }
}

function checkQuery(query: Node, parent: Scope | undefined, ctes: ReadonlySet<string>, tenant: ReadonlySet<string>): Scope {
  const isTenant = (table: string | null) => table !== null && tenant.has(table) && !ctes.has(table);
  if (query.kind === 'InsertQueryNode') {
    const table = sourceOf(query.into as Node)?.table ?? null;
    if (isTenant(table)) checkInsert(query, table!);
    return { sources: [], parent };
  }
  const joins = (query.joins as Node[] | undefined) ?? [];
  const froms = [
    ...(query.kind === 'UpdateQueryNode' ? [query.table as Node] : []),
    ...(((query.from as Node | undefined)?.froms as Node[] | undefined) ?? []),
    ...(((query.using as Node | undefined)?.tables as Node[] | undefined) ?? []),
  ];
  const scope: Scope = { sources: [], parent };
  const sourceByJoin = new Map<Node, Source>();
  for (const node of froms) {
    const source = sourceOf(node);
    if (source) scope.sources.push(source);
  }
  for (const join of joins) {
    const source = sourceOf(join.table as Node);
    if (!source) continue;
    scope.sources.push(source);
    sourceByJoin.set(join, source);
  }
  if (query.kind === 'UpdateQueryNode') checkUpdatedColumns(query, scope, tenant, ctes);

  const where = (query.where as Node | undefined)?.where as Node | undefined;
  const facts: Facts = where ? factsOf(where, scope) : { held: new Set(), links: [] };
  for (const join of joins) {
    const joined = sourceByJoin.get(join);
    const on = (join.on as Node | undefined)?.on as Node | undefined;
    if (!joined || !on) continue;
    const onFacts = factsOf(on, scope);
    if (onFacts.held.has(joined)) facts.held.add(joined);
    // One way only: the ON filters the joined table by the other, not the other way round.
    for (const [a, b] of onFacts.links) {
      if (a === joined) facts.links.push([b, a]);
      else if (b === joined) facts.links.push([a, b]);
    }
  }
  hold(scope, facts);

  for (const source of scope.sources) {
    if (isTenant(source.table) && !source.held) {
      const verb = query.kind === 'SelectQueryNode' ? 'select from' : query.kind === 'UpdateQueryNode' ? 'update of' : 'delete from';
      const as = source.alias !== source.table ? ` as ${source.alias}` : '';
      refuse(`Tenant guard: ${verb} ${source.table}${as} without an org_id condition on it`);
    }
  }
  return scope;
}

/** Marks what the facts hold, following org_id = org_id links until nothing changes. */
function hold(scope: Scope, facts: Facts): void {
  for (const source of facts.held) source.held = true;
  for (let changed = true; changed; ) {
    changed = false;
    for (const [from, to] of facts.links) {
      if (from.held && !to.held) changed = to.held = true;
    }
  }
}

function checkInsert(query: Node, table: string): void {
  const columns = ((query.columns as Node[] | undefined) ?? []).map((c) => nameOf(c.column));
  if (!columns.includes('org_id')) refuse(`Tenant guard: insert into ${table} without an org_id column`);
  const conflict = query.onConflict as Node | undefined;
  const targets = ((conflict?.columns as Node[] | undefined) ?? []).map((c) => nameOf(c.column));
  // An upsert whose conflict target leaves org_id out would update another school's row.
  if (conflict?.updates && targets.length > 0 && !targets.includes('org_id')) {
    refuse(`Tenant guard: insert into ${table} … on conflict (${targets.join(', ')}) do update: the target lacks org_id`);
  }
}

function checkUpdatedColumns(query: Node, scope: Scope, tenant: ReadonlySet<string>, ctes: ReadonlySet<string>): void {
  const target = scope.sources[0];
  if (!target?.table || !tenant.has(target.table) || ctes.has(target.table)) return;
  for (const update of (query.updates as Node[] | undefined) ?? []) {
    if (nameOf((update.column as Node).column) === 'org_id') refuse(`Tenant guard: update of ${target.table} moves rows between schools (sets org_id)`);
  }
}

/** A FROM/JOIN item: a table (possibly aliased) or an aliased subquery (table null). */
function sourceOf(node: Node | undefined): Source | null {
  if (!node) return null;
  if (node.kind === 'TableNode') {
    const table = nameOf((node.table as Node).identifier);
    return { alias: table, table, held: false };
  }
  if (node.kind === 'AliasNode') {
    const alias = isNode(node.alias) && node.alias.kind === 'IdentifierNode' ? nameOf(node.alias) : null;
    if (alias === null) return null;
    const inner = node.node as Node;
    return { alias, table: inner.kind === 'TableNode' ? nameOf((inner.table as Node).identifier) : null, held: false };
  }
  return null;
}

/** What a condition guarantees about org_id, whatever else it says. */
function factsOf(node: Node, scope: Scope): Facts {
  switch (node.kind) {
    case 'ParensNode':
      return factsOf(node.node as Node, scope);
    case 'AndNode': {
      const left = factsOf(node.left as Node, scope);
      const right = factsOf(node.right as Node, scope);
      return { held: new Set([...left.held, ...right.held]), links: [...left.links, ...right.links] };
    }
    case 'OrNode': {
      const left = factsOf(node.left as Node, scope);
      const right = factsOf(node.right as Node, scope);
      return { held: new Set([...left.held].filter((s) => right.held.has(s))), links: [] };
    }
    case 'BinaryOperationNode': {
      const operator = String((node.operator as Node).operator);
      if (operator !== '=' && operator !== 'in') break;
      const left = orgIdOf(node.leftOperand as Node, scope);
      const right = orgIdOf(node.rightOperand as Node, scope);
      if (left && right) return { held: new Set(), links: [[left, right], [right, left]] };
      if (left && isValue(node.rightOperand as Node)) return { held: new Set([left]), links: [] };
      if (right && isValue(node.leftOperand as Node)) return { held: new Set([right]), links: [] };
    }
  }
  return { held: new Set(), links: [] };
}

/** The source whose org_id this operand is (`alias.org_id`, or a bare `org_id` naming one table). */
function orgIdOf(node: Node, scope: Scope): Source | null {
  const raw = node as unknown as RawNode;
  // sql.ref('org_id') is a raw node around the reference.
  if (node.kind === 'RawNode' && raw.parameters.length === 1 && raw.sqlFragments.every((f) => f.trim() === '')) return orgIdOf(raw.parameters[0], scope);
  if (node.kind !== 'ReferenceNode') return null;
  const column = node.column as Node;
  if (column.kind !== 'ColumnNode' || nameOf(column.column) !== 'org_id') return null;
  const table = node.table as Node | undefined;
  if (table) {
    const alias = nameOf((table.table as Node).identifier);
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      const found = s.sources.find((source) => source.alias === alias);
      if (found) return found;
    }
    return null;
  }
  // SQL resolves a bare column in the innermost query that has sources.
  let s: Scope | undefined = scope;
  while (s && s.sources.length === 0) s = s.parent;
  return s?.sources.length === 1 ? s.sources[0] : null;
}

/** A value the query binds: a parameter, a list of them, sql`${x}`, or a subquery (checked itself). */
function isValue(node: Node): boolean {
  switch (node.kind) {
    case 'ValueNode':
    case 'PrimitiveValueListNode':
    case 'SelectQueryNode':
      return true;
    case 'ValueListNode':
      return (node.values as Node[]).every(isValue);
    case 'ParensNode':
      return isValue(node.node as Node);
    case 'RawNode': {
      const raw = node as unknown as RawNode;
      return raw.sqlFragments.every((f) => f.trim() === '') && raw.parameters.every(isValue);
    }
    default:
      return false;
  }
}

/**
 * A whole query written as sql`…` cannot be walked: one that reads or writes rows and names a tenant
 * table must at least say org_id (statements such as ANALYZE read no rows).
 */
function checkRawQuery(node: RawNode, tenant: ReadonlySet<string>): void {
  // String literals name no table (e.g. `where relname in ('people')` over the statistics views).
  const text = node.sqlFragments.join(' ? ').toLowerCase().replace(/'(?:[^']|'')*'/g, "''");
  if (!/^\s*(select|with|insert|update|delete)\b/.test(text) || /\borg_id\b/.test(text)) return;
  const named = [...tenant].find((table) => new RegExp(`\\b${table}\\b`).test(text));
  if (named) refuse(`Tenant guard: raw SQL on ${named} without org_id`);
}
