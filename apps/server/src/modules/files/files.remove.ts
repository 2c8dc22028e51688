import type { FileStorage } from '../../platform/storage/storage';
import type { FileRow } from './files.queries';

/** Every storage key a file row holds: the original and its renditions. */
export function storageKeysOf(row: Pick<FileRow, 'storage_key' | 'thumbnail_key' | 'preview_key' | 'large_key'>): string[] {
  return [row.storage_key, row.thumbnail_key, row.preview_key, row.large_key].filter((key): key is string => key !== null);
}

/**
 * Removes a file's bytes after its row is gone. A failure is logged and left: the row no longer
 * points at them, so nothing can serve them, and the answer the client waits for is already decided.
 */
export async function removeBytes(storage: FileStorage, row: FileRow, log: { warn(obj: object, msg?: string): void }): Promise<void> {
  const results = await Promise.allSettled(storageKeysOf(row).map((key) => storage.remove(key)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) log.warn({ err: failed.reason, fileId: row.id }, 'could not remove the bytes of a deleted file');
}
