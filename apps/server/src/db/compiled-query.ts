import { type Compilable, type CompiledQuery, createQueryId, type Kysely } from 'kysely';
import type { DB } from './types';

// Kysely builds and compiles a query anew on every call: for the hot reads of every request that
// was a large share of the CPU. A query declared with compiledQuery() is built once with marker
// parameters, compiled once per dialect (and per variant and length class of each list parameter),
// and then run with the caller's values in place of the markers. The plugins of the database (the
// tenant guard) see it when it is compiled; they check structure, which the values do not change.

const MARK = Symbol('compiled query parameter');

interface Marker {
  readonly [MARK]: true;
  readonly name: string;
  readonly index: number;
}

const isMarker = (value: unknown): value is Marker => typeof value === 'object' && value !== null && MARK in value;

/** Parameter values of a compiled query: numbers, strings, null, or arrays of them (for `in`). */
type ParamValue = number | string | null | readonly (number | string)[];

export interface CompiledQueryRunner<P, R, V> {
  /** Every row. */
  execute(db: Kysely<DB>, params: P, ...variant: VariantArg<V>): Promise<R[]>;
  /** The first row, or undefined. */
  takeFirst(db: Kysely<DB>, params: P, ...variant: VariantArg<V>): Promise<R | undefined>;
}

/** The variant argument: absent for queries that have none. */
type VariantArg<V> = [V] extends [undefined] ? [] : [variant: V];

type ByShape<R> = Map<string, CompiledQuery<R>>;

/**
 * A query built by `build(db, params, variant)` once and reused: `params` holds markers while
 * building, so `build` must use them only as values (`where(col, '=', p.x)`, `in p.list`, `limit(p.n)`,
 * `sql` `${p.x}`), never branch on them or pass them to sql.lit. List parameters are for `in` only:
 * a list is padded to the next power of two by repeating its last value, which `in` does not notice,
 * so that a handful of compiled forms (and prepared statements) serve every length. An empty list
 * compiles as `in ()`, which SQLite accepts and PostgreSQL does not: callers guard that case.
 *
 * `variant` is for what changes the SQL itself (an optional filter, an access filter): `build` may
 * branch on it and bake it in. Each distinct variant is compiled once, so variants must come from
 * a small set: primitives, or objects that live as long as they are reused (a memoised filter);
 * an object variant's compiled forms are dropped with it.
 */
export function compiledQuery<P extends Record<string, ParamValue>, R, V = undefined>(
  build: (db: Kysely<DB>, params: P, variant: V) => Compilable<R>,
): CompiledQueryRunner<P, R, V> {
  // Per dialect adapter (shared by a database, its transactions and its plugin views), then per variant and shape.
  const compiled = new WeakMap<object, { byValue: Map<unknown, ByShape<R>>; byObject: WeakMap<object, ByShape<R>> }>();

  const shapesOf = (db: Kysely<DB>, variant: V): ByShape<R> => {
    const adapter = db.getExecutor().adapter;
    let variants = compiled.get(adapter);
    if (!variants) compiled.set(adapter, (variants = { byValue: new Map(), byObject: new WeakMap() }));
    const isObject = (typeof variant === 'object' && variant !== null) || typeof variant === 'function';
    let byShape = isObject ? variants.byObject.get(variant as object) : variants.byValue.get(variant);
    if (!byShape) {
      byShape = new Map();
      if (isObject) variants.byObject.set(variant as object, byShape);
      else variants.byValue.set(variant, byShape);
    }
    return byShape;
  };

  const execute = async (db: Kysely<DB>, params: P, variant: V): Promise<R[]> => {
    const byShape = shapesOf(db, variant);
    const shape = shapeOf(params);
    let query = byShape.get(shape);
    if (!query) {
      query = build(db, markersOf(params), variant).compile();
      byShape.set(shape, query);
    }
    const parameters = query.parameters.map((value) => (isMarker(value) ? valueOf(params, value) : value));
    const result = await db.executeQuery<R>({ query: query.query, sql: query.sql, parameters, queryId: createQueryId() });
    return result.rows;
  };

  return {
    execute: (db, params, ...variant) => execute(db, params, variant[0] as V),
    takeFirst: async (db, params, ...variant) => (await execute(db, params, variant[0] as V))[0],
  };
}

/** Lists are compiled with room for the next power of two of their length. */
function paddedLength(length: number): number {
  return length <= 1 ? length : 2 ** Math.ceil(Math.log2(length));
}

/** Padded lengths of the list parameters: `in (?, ?)` and `in (?, ?, ?, ?)` are different SQL. */
function shapeOf(params: Record<string, ParamValue>): string {
  let shape = '';
  for (const name in params) {
    const value = params[name];
    if (Array.isArray(value)) shape += `${name}:${paddedLength(value.length)};`;
  }
  return shape;
}

function markersOf<P extends Record<string, ParamValue>>(params: P): P {
  const marker = (name: string, index: number): Marker => ({ [MARK]: true, name, index });
  const out: Record<string, unknown> = {};
  for (const name in params) {
    const value = params[name];
    out[name] = Array.isArray(value) ? Array.from({ length: paddedLength(value.length) }, (_, i) => marker(name, i)) : marker(name, -1);
  }
  return out as P;
}

function valueOf(params: Record<string, ParamValue>, marker: Marker): unknown {
  const value = params[marker.name];
  if (marker.index < 0) return value;
  const list = value as readonly unknown[];
  // The padding repeats the last value.
  return list[Math.min(marker.index, list.length - 1)];
}
