import type { Readable } from 'node:stream';

/**
 * Where files live (DESIGN "Files"): local disk by default, S3-compatible at scale. Keys are
 * relative paths made of lowercase letters, digits, dots, dashes and slashes, chosen by the server.
 * Small files (avatars) go whole through put/read; uploads of up to 512 MB go through the streaming
 * methods, which never hold a whole file in memory.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  read(key: string): Promise<Buffer | null>;
  /** Removes a file; removing a missing file is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Stores everything `source` yields under `key` and answers how many bytes that was. The file
   * appears only once complete: when `source` fails or ends early, nothing is left under `key`.
   */
  putStream(key: string, source: Readable): Promise<StoredFile>;
  /** The file's bytes (only `range`, both ends included, when given), or null when there is no such file. */
  readStream(key: string, range?: ByteRange): Promise<Readable | null>;
  /** The file's size, or null when there is no such file. */
  stat(key: string): Promise<StoredFile | null>;
}

export interface StoredFile {
  size: number;
}

/** Bytes `start` to `end` of a file, both included (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

const keyPattern = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

/** Throws for a key that could escape the storage root or is not one the server makes. */
export function assertStorageKey(key: string): void {
  if (!keyPattern.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}
