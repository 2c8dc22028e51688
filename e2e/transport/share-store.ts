// A share link's lifetime, moved in the e2e server's own database: the server offers no way to end a
// link early, and waiting the shortest life (30 minutes) is out of the question. The e2e server keeps
// SQLite at DATA_DIR/patio.sqlite (each worker's server has its own DATA_DIR, support/servers.ts); a link is
// stored as the SHA-256 of its token, as transport.shares.ts does.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { currentDataDir, expect } from '../support/test';

/** The token at the end of a share link's address (/share/{school}/{token}). */
export function shareTokenOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
}

/** Makes the share link `url` expire a minute ago. */
export function expireShareLink(url: string): void {
  const db = new Database(join(currentDataDir(), 'patio.sqlite'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const hash = createHash('sha256').update(shareTokenOf(url)).digest('hex');
    const { changes } = db.prepare('UPDATE transport_shares SET expires_at = ? WHERE token_hash = ?').run(new Date(Date.now() - 60_000).toISOString(), hash);
    expect(changes, 'the share link stored by the server').toBe(1);
  } finally {
    db.close();
  }
}
