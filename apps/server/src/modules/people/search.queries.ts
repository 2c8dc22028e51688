import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { DB } from '../../db/types';
import type { CardRow } from './people.queries';
import type { AccessFilter } from '../../policy/access';
import { parentLikeKinds } from './relationships';
import { searchKeyContains } from './search-key.sql';

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

/** One page of the directory ("last name, first name" order) and the total. */
export async function searchPeopleRows(
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
