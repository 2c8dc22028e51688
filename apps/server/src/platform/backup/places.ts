import { join } from 'node:path';
import type { AppConfig } from '../../config';
import type { DialectName } from '../../db/database';
import { withoutPassword } from './postgres-tools';

// Where a configuration keeps its database, as openDatabase (db/database.ts) opens it.

type Places = Pick<AppConfig, 'dataDir' | 'databaseUrl'>;

export function databaseDialectOf(config: Places): DialectName {
  return config.databaseUrl && /^postgres(ql)?:\/\//.test(config.databaseUrl) ? 'postgres' : 'sqlite';
}

/** The SQLite file: DATABASE_URL=file:PATH, else DATA_DIR/patio.sqlite. */
export function sqliteFileOf(config: Places): string {
  const url = config.databaseUrl;
  return url && url.startsWith('file:') ? url.slice(5) : join(config.dataDir, 'patio.sqlite');
}

/** The database for messages: "PostgreSQL database postgres://patio@db/patio" (never its password) or "SQLite database /…/patio.sqlite". */
export function describeDatabase(config: Places): string {
  return databaseDialectOf(config) === 'postgres' ? `PostgreSQL database ${withoutPassword(config.databaseUrl!)}` : `SQLite database ${sqliteFileOf(config)}`;
}
