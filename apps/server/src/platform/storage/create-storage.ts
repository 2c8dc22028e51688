import { join } from 'node:path';
import { LocalDiskStorage } from './local-disk';
import { S3Storage, type S3Settings } from './s3';
import type { FileStorage } from './storage';

const made = new WeakMap<object, FileStorage>();

/**
 * The storage a configuration names: an S3-compatible bucket when S3_ENDPOINT is set, else
 * DATA_DIR/files. One instance per configuration object, so the server and its job handlers share
 * one S3 client (and its connection pool).
 */
export function storageFor(config: { dataDir: string; s3?: S3Settings }): FileStorage {
  let storage = made.get(config);
  if (!storage) {
    storage = config.s3 ? new S3Storage(config.s3) : new LocalDiskStorage(join(config.dataDir, 'files'));
    made.set(config, storage);
  }
  return storage;
}
