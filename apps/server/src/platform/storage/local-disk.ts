import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { assertStorageKey, type FileStorage } from './storage';

/** Files under a directory (DATA_DIR/files); writes go to a temporary name first, then rename. */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.pathOf(key);
    // Stored files are personal data (avatars, imports): readable by the server's user only.
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, data, { mode: 0o600 });
    await rename(temporary, path);
  }

  async read(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    return join(this.root, ...key.split('/'));
  }
}
