import type { FileResource } from '@patio/core';
import type { AppConfig } from '../../config';
import type { FileRow } from './files.queries';
import { signedFileAddress, type FileVariant } from './files.signing';

/**
 * A stored file as the API shows it (spec §3 File resource). `url`, `downloadUrl` and the renditions
 * are signed addresses that expire at `expires` (0: never); `{endpoint}/{path}` is the file's own
 * path under the school's base, used with the bearer token.
 */
export function toFileResource(
  config: Pick<AppConfig, 'jwtSecret' | 'fileUrlSecret'>,
  org: { id: number; code: string },
  row: FileRow,
  expires: number,
): FileResource {
  const sign = (variant: FileVariant, download = false) => signedFileAddress(config, org, row.id, variant, expires, download);
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    mimetype: row.mimetype,
    size: Number(row.size),
    endpoint: row.folder,
    path: String(row.id),
    url: sign('original'),
    downloadUrl: sign('original', true),
    preview: row.preview_key ? sign('preview') : null,
    thumbnail: row.thumbnail_key ? sign('thumbnail') : null,
    large: row.large_key ? sign('large') : null,
    width: row.width,
    height: row.height,
    createdAt: row.created_at,
    deleteDate: row.deleted_at,
  };
}
