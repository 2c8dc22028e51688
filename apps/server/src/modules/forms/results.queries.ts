import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { DB } from '../../db/types';
import { postsCarrying } from '../blocks/index';
import { parentLikeKinds } from '../people/index';

// What a form's owner sees: every answer with who it is for and who sent it, the people its posts
// reached, and those of them who have not answered. "Reached" is holding a stub of a post that carries
// the form (stubs exist only once a post is published).

export interface AnswerRow {
  person_id: number;
  person_first_name: string;
  person_last_name: string;
  person_last_name2: string | null;
  person_avatar: string | null;
  answered_by: number;
  by_first_name: string;
  by_last_name: string;
  by_last_name2: string | null;
  by_avatar: string | null;
  values: string;
  created_at: string;
}

function answersOf(db: Database, orgId: number, formId: number) {
  return db
    .selectFrom('form_records as r')
    .innerJoin('people as p', (j) => j.onRef('p.org_id', '=', 'r.org_id').onRef('p.id', '=', 'r.person_id'))
    .innerJoin('people as by', (j) => j.onRef('by.org_id', '=', 'r.org_id').onRef('by.id', '=', 'r.answered_by'))
    .where(scopedToOrg(orgId, 'r'))
    .where('r.form_id', '=', formId);
}

const answerColumns = [
  'r.person_id', 'p.first_name as person_first_name', 'p.last_name as person_last_name', 'p.last_name2 as person_last_name2', 'p.avatar as person_avatar',
  'r.answered_by', 'by.first_name as by_first_name', 'by.last_name as by_last_name', 'by.last_name2 as by_last_name2', 'by.avatar as by_avatar',
  'r.values', 'r.created_at',
] as const;

export async function countRecords(db: Database, orgId: number, formId: number): Promise<number> {
  const { n } = await db.selectFrom('form_records').select((eb) => eb.fn.countAll<number | string>().as('n')).where(scopedToOrg(orgId)).where('form_id', '=', formId).executeTakeFirstOrThrow();
  return Number(n);
}

/** The values of every record of a form (results are counted from them). */
export async function findRecordValues(db: Database, orgId: number, formId: number): Promise<string[]> {
  const rows = await db.selectFrom('form_records').select('values').where(scopedToOrg(orgId)).where('form_id', '=', formId).execute();
  return rows.map((r) => r.values);
}

/** A page of answers, newest first. */
export async function findAnswers(db: Database, orgId: number, formId: number, page: { offset: number; limit: number }): Promise<AnswerRow[]> {
  return answersOf(db, orgId, formId).select(answerColumns).orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').offset(page.offset).limit(page.limit).execute();
}

/** Every answer in the name order of the people they are for (the CSV). */
export async function findAllAnswers(db: Database, orgId: number, formId: number): Promise<AnswerRow[]> {
  return answersOf(db, orgId, formId).select(answerColumns).orderBy('p.sort_key').orderBy('r.person_id').execute();
}

/** Published posts carrying `url`. */
export async function countPublishedCarriers(db: Database, orgId: number, url: string): Promise<number> {
  const { n } = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(scopedToOrg(orgId, 'posts'))
    .where('posts.status', '=', 'published')
    .where('posts.id', 'in', (eb) => postsCarrying(eb, orgId, url))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** People holding a stub of a post that carries `url`. */
export async function countReached(db: Database, orgId: number, url: string): Promise<number> {
  const { n } = await db
    .selectFrom('people')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(scopedToOrg(orgId, 'people'))
    .where((eb) => reached(eb, orgId, url))
    .executeTakeFirstOrThrow();
  return Number(n);
}

function reached(eb: ExpressionBuilder<DB, 'people'>, orgId: number, url: string) {
  return eb('people.id', 'in', eb.selectFrom('stubs').select('stubs.person_id').where('stubs.org_id', '=', orgId).where('stubs.post_id', 'in', postsCarrying(eb, orgId, url)));
}

/**
 * Reached, and no answer from their family: no record for them, none sent by them, none for a child
 * of theirs (so a co-parent whose partner answered for their child is not asked again).
 */
function pending(db: Database, orgId: number, formId: number, url: string) {
  return db
    .selectFrom('people')
    .where(scopedToOrg(orgId, 'people'))
    .where((eb) => reached(eb, orgId, url))
    .where('people.id', 'not in', (eb) => eb.selectFrom('form_records').select('form_records.person_id').where('form_records.org_id', '=', orgId).where('form_records.form_id', '=', formId))
    .where('people.id', 'not in', (eb) => eb.selectFrom('form_records').select('form_records.answered_by').where('form_records.org_id', '=', orgId).where('form_records.form_id', '=', formId))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('relationships')
            .innerJoin('form_records as child_record', (j) => j.onRef('child_record.org_id', '=', 'relationships.org_id').onRef('child_record.person_id', '=', 'relationships.person_id'))
            .select('relationships.id')
            .where('relationships.org_id', '=', orgId)
            .whereRef('relationships.relative_id', '=', 'people.id')
            .where('relationships.kind', 'in', [...parentLikeKinds])
            .where('child_record.form_id', '=', formId),
        ),
      ),
    );
}

export async function countPending(db: Database, orgId: number, formId: number, url: string): Promise<number> {
  const { n } = await pending(db, orgId, formId, url).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(n);
}

/** A page of the people who have not answered, in name order. */
export async function findPending(db: Database, orgId: number, formId: number, url: string, page: { offset: number; limit: number }) {
  return pending(db, orgId, formId, url)
    .select(['people.id', 'people.first_name', 'people.last_name', 'people.last_name2', 'people.avatar'])
    .orderBy('people.sort_key')
    .orderBy('people.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}
