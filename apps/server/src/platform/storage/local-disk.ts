import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteCounter } from './byte-counter';
import { assertStorageKey, type ByteRange, type FileStorage, type StoredFile } from './storage';

/** Files under a directory (DATA_DIR/files); writes go to a temporary name first, then rename. */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(key: string, data: Buffer): Promise<void> {
    const path = await this.prepare(key);
    const temporary = temporaryOf(path);
    await writeFile(temporary, data, { mode: 0o600 });
    await rename(temporary, path);
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async putStream(key: string, source: Readable): Promise<StoredFile> {
    const path = await this.prepare(key);
    const temporary = temporaryOf(path);
    const counter = new ByteCounter();
    try {
      // Opened before the copy starts: a stream that opened its file by itself could create it after a
      // failing source had already made the clean-up below run, and leave it behind.
      const handle = await open(temporary, 'wx', 0o600);
      await pipeline(source, counter, handle.createWriteStream());
      await rename(temporary, path);
    } catch (err) {
      // A half-written temporary file must never stay behind (interrupted uploads, full disks).
      await rm(temporary, { force: true });
      throw err;
    }
    return { size: counter.bytes };
  }

  async readStream(key: string, range?: ByteRange): Promise<Readable | null> {
    try {
      // Opened first, so a missing file is a null answer rather than an error on the stream later.
      const handle = await open(this.pathOf(key), 'r');
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async stat(key: string): Promise<StoredFile | null> {
    try {
      return { size: (await stat(this.pathOf(key))).size };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  private async prepare(key: string): Promise<string> {
    const path = this.pathOf(key);
    // Stored files are personal data (avatars, imports, uploads): readable by the server's user only.
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    return path;
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return join(this.root, ...key.split('/'));
  }
}

const temporaryOf = (path: string) => `${path}.${randomBytes(6).toString('hex')}.tmp`;
const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';
