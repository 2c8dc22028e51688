import { type ExpressionBuilder, type Kysely, sql, type SqlBool } from 'kysely';
import { compiledQuery } from '../../db/compiled-query';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { DB } from '../../db/types';
import type { CardRow } from './people.queries';
import type { AccessFilter } from '../../policy/access';
import { compilablePersonCondition, compilablePersonFilter, type CompilablePersonFilter } from './people.access.sql';
import { parentLikeKinds } from './relationships';
import { containsPattern, searchKeyContains } from './search-key.sql';

export interface PeopleFilter {
  /** Words that must each appear in a name (or the document, when `matchDocument`). */
  words: string[];
  matchDocument: boolean;
  role?: string;
  /** The node (and, when asked, its descendants). */
  nodeIds?: number[];
  status?: string;
  /** The people the caller may see (personAccess.filter): paging and the total count no one else. */
  visible: AccessFilter;
}

type Eb = ExpressionBuilder<DB, 'people'>;

function filterPeople(eb: Eb, orgId: number, filter: PeopleFilter) {
  const conditions = [scopedToOrg(orgId, 'people')(eb)];
  conditions.push(filter.visible('people.id')(eb));
  // Accent- and case-insensitive: "perez", "PÉREZ" and "Pérez" all find "Pérez" (search-key.ts).
  for (const word of filter.words) conditions.push(searchKeyContains(filter.matchDocument ? 'any' : 'names', word));
  const membershipRole = filter.role && !['administrator', 'relative'].includes(filter.role) ? filter.role : undefined;
  if (filter.role === 'administrator') conditions.push(eb('people.is_admin', '=', 1));
  if (filter.role === 'relative') {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('relationships')
          .select('relationships.id')
          .whereRef('relationships.org_id', '=', 'people.org_id')
          .whereRef('relationships.relative_id', '=', 'people.id')
          .where('relationships.kind', 'in', [...parentLikeKinds]),
      ),
    );
  }
  if (membershipRole || filter.nodeIds || filter.status) {
    let m = eb
      .selectFrom('memberships')
      .select('memberships.id')
      .whereRef('memberships.org_id', '=', 'people.org_id')
      .whereRef('memberships.person_id', '=', 'people.id');
    if (membershipRole) m = m.where('memberships.role', '=', membershipRole);
    if (filter.nodeIds) m = m.where('memberships.node_id', 'in', filter.nodeIds.length ? filter.nodeIds : [-1]);
    if (filter.status) m = m.where('memberships.enrollment_status', '=', filter.status);
    conditions.push(eb.exists(m));
  }
  return eb.and(conditions);
}

// The common search (staff typing a few words, no other filter) is compiled once per shape
// (db/compiled-query.ts): who reads (everyone / staff), whether documents match, and how many words.
// Its SQL is filterPeople's for that case, condition for condition; other searches are built per request.

/** At most this many words take the compiled path (the service keeps six). */
const MAX_COMPILED_WORDS = 6;

type Scope = 'names' | 'any';
type SearchShape = `${CompilablePersonFilter['kind']}:${Scope}:${number}`;
type SearchParams = { orgId: number; callerId: number; limit: number; offset: number } & { [word: `w${number}`]: string };

function commonFilter(eb: Eb, p: SearchParams, shape: SearchShape) {
  const [kind, , count] = shape.split(':') as [CompilablePersonFilter['kind'], Scope, string];
  const conditions = [scopedToOrg(p.orgId, 'people')(eb), compilablePersonCondition(kind, p.orgId, p.callerId, 'people.id')(eb)];
  for (let i = 0; i < Number(count); i++) conditions.push(sql<SqlBool>`${sql.ref('people.search_key')} like ${p[`w${i}`]} escape '!'`);
  return eb.and(conditions);
}

const commonCount = compiledQuery((db: Kysely<DB>, p: SearchParams, shape: SearchShape) =>
  db
    .selectFrom('people')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where((eb) => commonFilter(eb, p, shape)),
);

const commonPage = compiledQuery((db: Kysely<DB>, p: SearchParams, shape: SearchShape) =>
  db
    .selectFrom('people')
    .select(['people.id', 'people.first_name', 'people.last_name', 'people.last_name2', 'people.avatar'])
    .where((eb) => commonFilter(eb, p, shape))
    .orderBy('people.sort_key')
    .orderBy('people.id')
    .limit(p.limit)
    .offset(p.offset),
);

/** The shape and values of a search that takes the compiled path, or undefined. */
function commonSearch(orgId: number, filter: PeopleFilter, page: { offset: number; limit: number }): { shape: SearchShape; params: SearchParams } | undefined {
  if (filter.role !== undefined || filter.nodeIds !== undefined || filter.status !== undefined) return undefined;
  if (filter.words.length > MAX_COMPILED_WORDS) return undefined;
  const access = compilablePersonFilter(filter.visible);
  if (!access || (access.kind === 'staff' && access.orgId !== orgId)) return undefined;
  const scope: Scope = filter.matchDocument ? 'any' : 'names';
  const params: SearchParams = { orgId, callerId: access.kind === 'staff' ? access.callerId : 0, limit: page.limit, offset: page.offset };
  filter.words.forEach((word, i) => (params[`w${i}`] = containsPattern(scope, word)));
  return { shape: `${access.kind}:${scope}:${filter.words.length}`, params };
}

/** One page of the directory ("last name, first name" order) and the total. */
export async function searchPeopleRows(
  db: Database,
  orgId: number,
  filter: PeopleFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: CardRow[]; total: number }> {
  const common = commonSearch(orgId, filter, page);
  if (common) {
    const count = await commonCount.takeFirst(db, common.params, common.shape);
    const rows = await commonPage.execute(db, common.params, common.shape);
    return { rows, total: Number(count?.n ?? 0) };
  }
  return searchPeopleRowsBuilt(db, orgId, filter, page);
}

/** The same, built per request: any search (the compiled path above is its common case). */
export async function searchPeopleRowsBuilt(
  db: Database,
  orgId: number,
  filter: PeopleFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: CardRow[]; total: number }> {
  const count = await db
    .selectFrom('people')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where((eb) => filterPeople(eb, orgId, filter))
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('people')
    .select(['people.id', 'people.first_name', 'people.last_name', 'people.last_name2', 'people.avatar'])
    .where((eb) => filterPeople(eb, orgId, filter))
    .orderBy('people.sort_key')
    .orderBy('people.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return { rows, total: Number(count.n) };
}
