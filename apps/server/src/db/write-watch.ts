import type { CompiledQuery, DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings } from 'kysely';

/** A committed write to one table: the schools it touched, or null when the statement does not say. */
export interface TableWrite {
  table: string;
  orgIds: number[] | null;
}

export type WriteListener = (writes: TableWrite[]) => void;

/**
 * Tells in-process caches which tables changed, after the change is committed: a write outside a
 * transaction right after it runs, the writes of a transaction once it commits (none if it rolls back).
 * It sees every statement run through Kysely, so no write path can forget to invalidate a cache.
 */
export class WriteWatch {
  private readonly listeners = new Set<WriteListener>();

  subscribe(listener: WriteListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  notify(writes: TableWrite[]): void {
    if (writes.length === 0) return;
    for (const listener of this.listeners) listener(writes);
  }
}

/** `dialect` whose driver reports committed writes to `watch`. */
export function watchWrites(dialect: Dialect, watch: WriteWatch): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new WatchingDriver(dialect.createDriver(), watch),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

class WatchingDriver implements Driver {
  /** Writes of the open transaction of a connection (present only while one is open). */
  private readonly pending = new WeakMap<DatabaseConnection, TableWrite[]>();
  private readonly patched = new WeakSet<DatabaseConnection>();

  constructor(
    private readonly inner: Driver,
    private readonly watch: WriteWatch,
  ) {
    // Kysely asks whether a driver has savepoints before using them: offer them only when the inner one does.
    if (inner.savepoint) this.savepoint = (c, n, compile) => inner.savepoint!(c, n, compile);
    if (inner.rollbackToSavepoint) this.rollbackToSavepoint = (c, n, compile) => inner.rollbackToSavepoint!(c, n, compile);
    if (inner.releaseSavepoint) this.releaseSavepoint = (c, n, compile) => inner.releaseSavepoint!(c, n, compile);
  }

  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    if (!this.patched.has(connection)) {
      // Patched in place (as Kysely's own query logging does), so the driver's other calls get the object they know.
      const execute = connection.executeQuery.bind(connection);
      connection.executeQuery = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        const result = await execute<R>(query);
        const write = writeOf(query);
        if (write) {
          const open = this.pending.get(connection);
          if (open) open.push(write);
          else this.watch.notify([write]);
        }
        return result;
      };
      this.patched.add(connection);
    }
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.inner.beginTransaction(connection, settings);
    this.pending.set(connection, []);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.inner.commitTransaction(connection);
    const writes = this.pending.get(connection) ?? [];
    this.pending.delete(connection);
    this.watch.notify(writes);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.pending.delete(connection);
    await this.inner.rollbackTransaction(connection);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

// Operation nodes read loosely: only their kind and a few fields matter here.
type Node = { kind: string; [key: string]: unknown };

const rawWrite = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert\s+(?:or\s+\w+\s+)?into|replace\s+into|update|delete\s+from)\s+"?(\w+)"?/i;

/** The table and schools a statement writes, or null for a read. */
export function writeOf(query: CompiledQuery): TableWrite | null {
  const node = query.query as unknown as Node;
  switch (node.kind) {
    case 'InsertQueryNode':
      return { table: tableName(node.into as Node), orgIds: insertedOrgIds(node) };
    case 'UpdateQueryNode':
      return { table: tableName(node.table as Node), orgIds: whereOrgId(node.where as Node | undefined) };
    case 'DeleteQueryNode':
      return { table: tableName(((node.from as Node).froms as Node[])[0]), orgIds: whereOrgId(node.where as Node | undefined) };
    case 'MergeQueryNode':
      return { table: tableName(node.into as Node), orgIds: null };
    case 'RawNode': {
      const match = rawWrite.exec(query.sql);
      return match ? { table: match[2].toLowerCase(), orgIds: null } : null;
    }
    default:
      return null;
  }
}

function tableName(node: Node | undefined): string {
  if (!node) return '';
  if (node.kind === 'AliasNode') return tableName(node.node as Node);
  if (node.kind === 'TableNode') return ((node.table as Node).identifier as Node).name as string;
  return '';
}

function columnName(node: Node): string | null {
  if (node.kind === 'ReferenceNode') return columnName(node.column as Node);
  if (node.kind === 'ColumnNode') return (node.column as Node).name as string;
  return null;
}

function valueOf(node: unknown): unknown {
  const n = node as Node;
  return n && typeof n === 'object' && n.kind === 'ValueNode' ? n.value : node;
}

function insertedOrgIds(node: Node): number[] | null {
  const column = ((node.columns as Node[] | undefined) ?? []).findIndex((c) => columnName(c) === 'org_id');
  const values = node.values as Node | undefined;
  if (column < 0 || values?.kind !== 'ValuesNode') return null;
  const ids = new Set<number>();
  for (const row of values.values as Node[]) {
    const value = valueOf((row.values as unknown[])[column]);
    if (typeof value !== 'number') return null;
    ids.add(value);
  }
  return [...ids];
}

/** The school of `… where org_id = n and …` (scopedToOrg), looking through AND and parentheses only. */
function whereOrgId(where: Node | undefined): number[] | null {
  const find = (node: Node | undefined): number | null => {
    if (!node) return null;
    if (node.kind === 'WhereNode') return find(node.where as Node);
    if (node.kind === 'ParensNode') return find(node.node as Node);
    if (node.kind === 'AndNode') return find(node.left as Node) ?? find(node.right as Node);
    if (node.kind === 'BinaryOperationNode' && ((node.operator as Node).operator as string) === '=') {
      const value = valueOf(node.rightOperand);
      if (columnName(node.leftOperand as Node) === 'org_id' && typeof value === 'number') return value;
    }
    return null;
  };
  const orgId = find(where);
  return orgId === null ? null : [orgId];
}
