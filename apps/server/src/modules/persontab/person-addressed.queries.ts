import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import { isOnBoard, readablePost, type ReaderKind } from '../threads/index';

// The posts addressed to a person that a viewer may read too (issue 36 §1, the person tab's Anuncios
// and Cartelera). The person's own stubs lead (index stubs(org_id, person_id, …)), so a page costs
// what the person received, not what the school holds.

export interface AddressedParams {
  orgId: number;
  personId: number;
  viewer: { id: number; kind: ReaderKind };
  list: 'announcements' | 'highlights';
  now: string;
}

export interface AddressedRow {
  id: number;
  thread_id: number;
  type: string;
  title: string;
  head: string;
  publish_date: string | null;
  author_id: number;
  first_name: string;
  last_name: string;
  read_date: string | null;
}

/** Characters of a description read for a 200-character excerpt, markup included. */
const HEAD_CHARACTERS = 4000;

function addressed(db: Database, p: AddressedParams) {
  let query = db
    .selectFrom('stubs')
    .innerJoin('posts', (j) => j.onRef('posts.org_id', '=', 'stubs.org_id').onRef('posts.id', '=', 'stubs.post_id'))
    .where(scopedToOrg(p.orgId, 'stubs'))
    .where('stubs.person_id', '=', p.personId)
    // threads' readsPost rule for the viewer; published posts only.
    .where(readablePost(p.viewer.kind, p.orgId, p.viewer.id, 'posts'));
  if (p.list === 'highlights') {
    // As the person's highlights board has it: not put in the trash, published, highlighted, not expired.
    query = query.where('stubs.folder', '<>', 'trash').where(isOnBoard(db, p.now, 'posts'));
  } else {
    // What the school announced to them: no private messages, and no replies (they live in their threads).
    query = query.where('posts.type', '<>', 'message').where('posts.reply_to_id', 'is', null);
  }
  return query;
}

/** One page of the posts, newest first, and how many there are. */
export async function findAddressedPage(db: Database, p: AddressedParams, page: { offset: number; limit: number }): Promise<{ rows: AddressedRow[]; total: number }> {
  const base = addressed(db, p);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
    base
      .innerJoin('people', (j) => j.onRef('people.org_id', '=', 'posts.org_id').onRef('people.id', '=', 'posts.author_id'))
      .select((eb) => [
        'posts.id',
        'posts.thread_id',
        'posts.type',
        'posts.title',
        eb.fn<string>('substr', ['posts.description', eb.val(1), eb.val(HEAD_CHARACTERS)]).as('head'),
        'posts.publish_date',
        'posts.author_id',
        'people.first_name',
        'people.last_name',
        'stubs.read_date',
      ])
      .orderBy('posts.publish_date', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}
