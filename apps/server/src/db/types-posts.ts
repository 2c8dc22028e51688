import type { Generated } from 'kysely';

// The tables of migration 012 (posts and messaging), merged into DB in types.ts.

export interface PostTypeTable {
  org_id: number;
  id: Generated<number>;
  key: string;
  /** JSON: {es: {singular, plural}, en: …} for the six languages. */
  names: string;
  icon: string;
  color: string;
  visible: Generated<number>;
  position: number;
}

export interface ThreadTable {
  org_id: number;
  id: Generated<number>;
  first_post_id: number | null;
  created_at: string;
}

export type PostRowStatus = 'draft' | 'scheduled' | 'published';

export interface PostTable {
  org_id: number;
  id: Generated<number>;
  thread_id: number;
  author_id: number;
  type: string;
  title: Generated<string>;
  /** Sanitised HTML. */
  description: Generated<string>;
  status: PostRowStatus;
  /** JSON of the author's audience input {people, rules, relatives}. */
  audience: string;
  audience_count: Generated<number>;
  /** JSON array of quoted post ids. */
  quotes: Generated<string>;
  reply_to_id: number | null;
  event_id: number | null;
  highlight: Generated<number>;
  notifications: Generated<number>;
  recipients_visible: Generated<number>;
  replies: Generated<'off' | 'author' | 'all'>;
  forward: Generated<number>;
  /** When it was (or will be) published; null for a draft without a date. */
  publish_date: string | null;
  expiration_date: string | null;
  created_at: string;
  updated_at: string;
  /** The language it is written in: es, en, de, fr, it or pt (migration 024). */
  language: Generated<string>;
}

/** A post's title and description in another language (migration 024; modules/translation). */
export interface PostTranslationTable {
  org_id: number;
  id: Generated<number>;
  post_id: number;
  language: string;
  /** SHA-256 of the source translated: another hash means the post changed since. */
  source_hash: string;
  title: string;
  /** Sanitised HTML. */
  description: string;
  created_at: string;
}

export type StubFolder = 'feed' | 'archive' | 'trash';

export interface StubTable {
  org_id: number;
  id: Generated<number>;
  person_id: number;
  post_id: number;
  thread_id: number;
  folder: Generated<StubFolder>;
  read_date: string | null;
  delivered_at: string;
}

export interface PostBlockTable {
  org_id: number;
  id: Generated<number>;
  post_id: number;
  position: number;
  type: string;
  url: string | null;
  /** JSON object. */
  options: Generated<string>;
}

export interface PostTables {
  post_types: PostTypeTable;
  threads: ThreadTable;
  posts: PostTable;
  stubs: StubTable;
  post_blocks: PostBlockTable;
  post_translations: PostTranslationTable;
}
