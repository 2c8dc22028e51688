import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform, type TransformCallback, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// Files copied and checked byte by byte, for backups of DATA_DIR/files and DATA_DIR/keys.

export interface Checksum {
  size: number;
  sha256: string;
}

/**
 * The files under `root` as slash-separated paths relative to it, depth first. A folder or file that
 * disappears while it is listed (a file removed as the server runs) is skipped; a missing root is empty.
 * Temporary files of writes in progress (`*.tmp`, storage/local-disk.ts) are not files yet.
 */
export async function* listFiles(root: string, prefix = ''): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(join(root, prefix), { withFileTypes: true });
  } catch (err) {
    if (isMissing(err)) return;
    throw err;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* listFiles(root, path);
    else if (entry.isFile() && !entry.name.endsWith('.tmp')) yield path;
  }
}

/** Copies `from` to the new file `to` (private to this user), answering the size and SHA-256 of what was copied; null when `from` is gone. */
export async function copyWithChecksum(from: string, to: string): Promise<Checksum | null> {
  await mkdir(dirname(to), { recursive: true, mode: 0o700 });
  const hash = new Hashing();
  try {
    await pipeline(createReadStream(from), hash, createWriteStream(to, { flags: 'wx', mode: 0o600 }));
  } catch (err) {
    // The copy may have begun: no half file stays behind (a file that was there before is not ours).
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') await rm(to, { force: true });
    if (isMissing(err) && (err as NodeJS.ErrnoException).path === from) return null;
    throw err;
  }
  return hash.result();
}

/** The size and SHA-256 of a file; null when there is none. */
export async function checksumOf(path: string): Promise<Checksum | null> {
  const hash = new Hashing();
  try {
    await pipeline(createReadStream(path), hash, new Writable({ write: (_chunk, _encoding, done) => done() }));
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
  return hash.result();
}

/** Passes bytes through, counting and hashing them. */
class Hashing extends Transform {
  private readonly hash = createHash('sha256');
  private size = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    done(null, chunk);
  }

  result(): Checksum {
    return { size: this.size, sha256: this.hash.digest('hex') };
  }
}

/** Runs `work` on every item, at most `limit` at once; after a failure starts no more, lets the running ones end, then throws it. */
export async function forEachAtOnce<T>(items: AsyncIterable<T> | Iterable<T>, limit: number, work: (item: T) => Promise<void>): Promise<void> {
  const running = new Set<Promise<void>>();
  let failure: { err: unknown } | null = null;
  for await (const item of items) {
    if (failure) break;
    const task: Promise<void> = work(item)
      .catch((err: unknown) => void (failure ??= { err }))
      .finally(() => running.delete(task));
    running.add(task);
    if (running.size >= limit) await Promise.race(running);
  }
  // Every task ends before the caller may remove the folder they write into.
  await Promise.all(running);
  if (failure) throw (failure as { err: unknown }).err;
}

export const isMissing = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'ENOENT';
