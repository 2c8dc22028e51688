import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk';
import { S3Storage } from './s3';
import { startTestS3, type TestS3 } from './s3-test-server';
import type { FileStorage } from './storage';

// One contract, two implementations: whatever passes here on local disk must pass on S3 too.

async function text(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/** A source that yields `bytes` in 1 MiB chunks, then fails: a client that went away mid-upload. */
function failingSource(bytes: number): Readable {
  const source = new PassThrough();
  let sent = 0;
  const push = () => {
    if (sent >= bytes) return source.destroy(new Error('the client went away'));
    sent += 1024 * 1024;
    source.write(Buffer.alloc(1024 * 1024, 1), () => setImmediate(push));
  };
  push();
  return source;
}

interface Subject {
  storage: FileStorage;
  /** Every stored thing the implementation holds right now (files or objects), temporary ones included. */
  leftovers(): string[];
}

function storageContract(name: string, open: () => Promise<Subject & { close(): Promise<void> }>) {
  describe(`file storage contract: ${name}`, () => {
    let subject: Subject & { close(): Promise<void> };
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(async () => subject?.close());

    it('puts, reads, stats and removes whole files; a missing file is null, removing it twice is fine', async () => {
      const { storage } = subject;
      await storage.put('a/one.txt', Buffer.from('hola'));
      expect((await storage.read('a/one.txt'))?.toString()).toBe('hola');
      expect(await storage.stat('a/one.txt')).toEqual({ size: 4 });
      await storage.remove('a/one.txt');
      await storage.remove('a/one.txt');
      expect(await storage.read('a/one.txt')).toBeNull();
      expect(await storage.stat('a/one.txt')).toBeNull();
      expect(await storage.readStream('a/one.txt')).toBeNull();
    });

    it('streams a file in and out, whole or by range, and answers its size', async () => {
      const { storage } = subject;
      const parts = ['0123456789', 'abcdefghij', 'KLMNOPQRST'];
      expect(await storage.putStream('b/stream.txt', Readable.from(parts.map((p) => Buffer.from(p))))).toEqual({ size: 30 });
      expect(await text(await storage.readStream('b/stream.txt'))).toBe(parts.join(''));
      expect(await text(await storage.readStream('b/stream.txt', { start: 5, end: 14 }))).toBe('56789abcde');
      expect(await storage.stat('b/stream.txt')).toEqual({ size: 30 });
      await storage.remove('b/stream.txt');
    });

    it('streams a file larger than one upload part without keeping a copy per part', async () => {
      const { storage } = subject;
      const chunk = Buffer.alloc(1024 * 1024, 7);
      const source = Readable.from((function* () {
        for (let i = 0; i < 20; i++) yield chunk;
      })());
      expect(await storage.putStream('c/big.bin', source)).toEqual({ size: 20 * 1024 * 1024 });
      expect(await storage.stat('c/big.bin')).toEqual({ size: 20 * 1024 * 1024 });
      expect(await text(await storage.readStream('c/big.bin', { start: 20 * 1024 * 1024 - 3, end: 20 * 1024 * 1024 - 1 }))).toBe('\u0007\u0007\u0007');
      await storage.remove('c/big.bin');
    });

    it('leaves nothing behind when the source fails half-way, small or beyond one part', async () => {
      const { storage } = subject;
      const before = subject.leftovers();
      await expect(storage.putStream('d/half.bin', failingSource(2 * 1024 * 1024))).rejects.toThrow();
      await expect(storage.putStream('d/half-big.bin', failingSource(12 * 1024 * 1024))).rejects.toThrow();
      expect(await storage.stat('d/half.bin')).toBeNull();
      expect(await storage.stat('d/half-big.bin')).toBeNull();
      expect(subject.leftovers()).toEqual(before);
    });

    it('refuses keys that could leave its root', async () => {
      const { storage } = subject;
      for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'A/b', 'a/./b']) {
        await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/Invalid storage key/);
        await expect(storage.putStream(key, Readable.from([Buffer.from('x')])), key).rejects.toThrow(/Invalid storage key/);
      }
    });
  });
}

/** Every file below `dir`, as relative paths. */
function walk(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
      .sort();
  } catch {
    return [];
  }
}

storageContract('local disk', async () => {
  const root = mkdtempSync(join(tmpdir(), 'patio-storage-'));
  return {
    storage: new LocalDiskStorage(root),
    leftovers: () => walk(root),
    close: async () => rmSync(root, { recursive: true, force: true }),
  };
});

storageContract('S3 (s3rver)', async () => {
  const s3: TestS3 = await startTestS3();
  return {
    storage: new S3Storage(s3.settings),
    // The bucket's objects. s3rver cannot abort a multipart upload (real S3 and MinIO do, and a bucket
    // lifecycle rule drops any left over), so its folder of unfinished uploads is not counted.
    leftovers: () => walk(s3.dir).filter((path) => !path.includes('._S3rver_uploads')),
    close: () => s3.stop(),
  };
});
