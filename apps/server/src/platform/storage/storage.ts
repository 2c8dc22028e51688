/**
 * Where files live (DESIGN "Files"): local disk by default, S3-compatible at scale. Keys are
 * relative paths made of lowercase letters, digits, dots, dashes and slashes, chosen by the server.
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  read(key: string): Promise<Buffer | null>;
  /** Removes a file; removing a missing file is not an error. */
  remove(key: string): Promise<void>;
}

const keyPattern = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

/** Throws for a key that could escape the storage root or is not one the server makes. */
export function assertStorageKey(key: string): void {
  if (!keyPattern.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}
