import { chmodSync, closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DB } from './types';
import { watchWrites, WriteWatch } from './write-watch';

export type Database = Kysely<DB>;
export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  dialect: DialectName;
  /** Committed writes, table by table, for in-process caches (write-watch.ts). */
  writes: WriteWatch;
  /** PostgreSQL: the connection pool, whose use the metrics report. */
  pool?: pg.Pool;
  /** SQLite: the database file (its size and its write-ahead log's are in the metrics). */
  file?: string;
}

/** Opens PostgreSQL when the URL is postgres://…, otherwise the embedded SQLite file (WAL). */
export function openDatabase(options: { databaseUrl?: string; dataDir: string }): DatabaseHandle {
  const url = options.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle connection the server closes (a restart, a failover, pg_terminate_backend) is an 'error'
    // event on the pool; unheard, it would end the whole process. The pool has already dropped that
    // connection and opens a fresh one for the next query, so there is nothing else to do.
    pool.on('error', () => {});
    // The pool listens only to idle connections: one held between the statements of a transaction (a
    // job's, a request's) that the server closes is an 'error' event on the connection itself. Its
    // transaction fails with a rejected query either way; unheard, the event would end the process.
    pool.on('connect', (client) => client.on('error', () => {}));
    const writes = new WriteWatch();
    return { db: new Kysely<DB>({ dialect: watchWrites(new PostgresDialect({ pool }), writes) }), dialect: 'postgres', writes, pool };
  }
  const file = url && url.startsWith('file:') ? url.slice(5) : join(options.dataDir, 'patio.sqlite');
  makePrivate(file);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const writes = new WriteWatch();
  const dialect = watchWrites(new SqliteDialect({ database: withStatementCache(sqlite) }), writes);
  return { db: new Kysely<DB>({ dialect }), dialect: 'sqlite', writes, file };
}

/**
 * Creates the database file readable by the server's user only (also tightening an older file):
 * SQLite gives the -wal and -shm files the permissions of the database file.
 */
function makePrivate(file: string): void {
  if (file === ':memory:' || file === '') return;
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and preparing was the largest cost of a small request. This
 * keeps the most recently used prepared statements by SQL text (never data): Kysely runs one query
 * at a time on its single SQLite connection, so a statement is never used twice at once, and SQLite
 * re-prepares a statement itself when a migration changes the schema.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SQLite.Statement {
      let statement = statements.get(sql);
      if (statement) statements.delete(sql); // re-inserted below: the Map's order is the recency
      else {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

/** Current time as stored in every timestamp column. */
export function nowIso(): string {
  return new Date().toISOString();
}
