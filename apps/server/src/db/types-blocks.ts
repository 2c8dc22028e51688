import type { Generated } from 'kysely';

// Tables of migration 013-blocks: stored files, forms with their records, html items.

export interface FileTable {
  org_id: number;
  id: Generated<number>;
  /** The folder's API path: posts/{postId}/resources/files/block-{n}, people/{id}/uploads or people/anon/uploads. */
  folder: string;
  post_id: number | null;
  owner_id: number | null;
  /** sha256 of the signed-out uploader's key (people/anon/uploads only). */
  anon_key: string | null;
  name: string;
  title: string;
  mimetype: string;
  /** Bytes; PostgreSQL answers bigint as a string. */
  size: number | string;
  storage_key: string;
  thumbnail_key: string | null;
  preview_key: string | null;
  large_key: string | null;
  width: number | null;
  height: number | null;
  created_at: string;
  deleted_at: string | null;
}

export interface FormEntityTable {
  org_id: number;
  id: Generated<number>;
  owner_id: number;
  title: Generated<string>;
  description: Generated<string>;
  /** JSON array of FormField. */
  fields: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface FormRecordTable {
  org_id: number;
  id: Generated<number>;
  form_id: number;
  person_id: number;
  /** Who sent it: the person, or their relative. */
  answered_by: number;
  /** JSON object keyed by field name. */
  values: string;
  created_at: string;
}

export interface HtmlMediaTable {
  org_id: number;
  id: Generated<number>;
  owner_id: number;
  body: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface BlockTables {
  files: FileTable;
  form_entities: FormEntityTable;
  form_records: FormRecordTable;
  html_media: HtmlMediaTable;
}
