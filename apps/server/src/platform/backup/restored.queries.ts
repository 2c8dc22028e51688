import { sql } from 'kysely';
import type { Database } from '../../db/database';

// The queries restore runs on the database it restored: across every school, as operations do.

export interface RestoredRows {
  schools: number;
  people: number;
  posts: number;
  files: number;
}

/** How many schools, people, posts and file rows the database holds (for restore's report). */
export async function countRestoredRows(db: Database): Promise<RestoredRows> {
  const count = async (table: 'orgs' | 'people' | 'posts' | 'files') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
  return { schools: await count('orgs'), people: await count('people'), posts: await count('posts'), files: await count('files') };
}

/** Folds a SQLite database's -wal back into its file and keeps it a single file (until the server opens it in WAL again). */
export async function useSingleFile(db: Database): Promise<void> {
  await sql`pragma journal_mode = DELETE`.execute(db);
}
