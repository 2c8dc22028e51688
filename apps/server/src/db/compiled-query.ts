import { type Compilable, type CompiledQuery, createQueryId, type Kysely } from 'kysely';
import type { DB } from './types';

// Kysely builds and compiles a query anew on every call: for the hot reads of every request that
// was a large share of the CPU. A query declared with compiledQuery() is built once with marker
// parameters, compiled once per dialect (and per length of each list parameter), and then run with
// the caller's values in place of the markers. The plugins of the database (the tenant guard) see
// it when it is compiled; they check structure, which the values do not change.

const MARK = Symbol('compiled query parameter');

interface Marker {
  readonly [MARK]: true;
  readonly name: string;
  readonly index: number;
}

const isMarker = (value: unknown): value is Marker => typeof value === 'object' && value !== null && MARK in value;

/** Parameter values of a compiled query: numbers, strings, null, or arrays of them (for `in`). */
type ParamValue = number | string | null | readonly (number | string)[];

export interface CompiledQueryRunner<P, R> {
  /** Every row. */
  execute(db: Kysely<DB>, params: P): Promise<R[]>;
  /** The first row, or undefined. */
  takeFirst(db: Kysely<DB>, params: P): Promise<R | undefined>;
}

/**
 * A query built by `build(db, params)` once and reused: `params` holds markers while building, so
 * `build` must use them only as values (`where(col, '=', p.x)`, `in p.list`, `limit(p.n)`, `sql`
 * `${p.x}`), never branch on them or pass them to sql.lit. An empty list compiles as `in ()`,
 * which SQLite accepts and PostgreSQL does not: callers of `in` lists guard that case themselves.
 */
export function compiledQuery<P extends Record<string, ParamValue>, R>(
  build: (db: Kysely<DB>, params: P) => Compilable<R>,
): CompiledQueryRunner<P, R> {
  // Per dialect adapter (shared by a database, its transactions and its plugin views), then per shape.
  const compiled = new WeakMap<object, Map<string, CompiledQuery<R>>>();

  const compile = (db: Kysely<DB>, params: P): CompiledQuery<R> => {
    let byShape = compiled.get(db.getExecutor().adapter);
    if (!byShape) compiled.set(db.getExecutor().adapter, (byShape = new Map()));
    const shape = shapeOf(params);
    let query = byShape.get(shape);
    if (!query) {
      query = build(db, markersOf(params)).compile();
      byShape.set(shape, query);
    }
    return query;
  };

  const execute = async (db: Kysely<DB>, params: P): Promise<R[]> => {
    const query = compile(db, params);
    const parameters = query.parameters.map((value) => (isMarker(value) ? valueOf(params, value) : value));
    const result = await db.executeQuery<R>({ query: query.query, sql: query.sql, parameters, queryId: createQueryId() });
    return result.rows;
  };

  return { execute, takeFirst: async (db, params) => (await execute(db, params))[0] };
}

/** Lengths of the list parameters: `in (?, ?)` and `in (?, ?, ?)` are different SQL. */
function shapeOf(params: Record<string, ParamValue>): string {
  let shape = '';
  for (const name in params) {
    const value = params[name];
    if (Array.isArray(value)) shape += `${name}:${value.length};`;
  }
  return shape;
}

function markersOf<P extends Record<string, ParamValue>>(params: P): P {
  const marker = (name: string, index: number): Marker => ({ [MARK]: true, name, index });
  const out: Record<string, unknown> = {};
  for (const name in params) {
    const value = params[name];
    out[name] = Array.isArray(value) ? value.map((_, i) => marker(name, i)) : marker(name, -1);
  }
  return out as P;
}

function valueOf(params: Record<string, ParamValue>, marker: Marker): unknown {
  const value = params[marker.name];
  return marker.index < 0 ? value : (value as readonly unknown[])[marker.index];
}
