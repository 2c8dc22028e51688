import { type ExpressionBuilder, type Expression, sql, type SqlBool } from 'kysely';
import type { InvitationStatus } from '@patio/core';
import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { DB } from '../../db/types';
import type { InvitationRowStatus } from '../../db/types-invitations';
import { notAnUnapprovedRegistrant } from '../../policy/registrants.sql';
import { currentMembership } from '../nodes/index';
import { parentLikeKinds } from '../people/index';

// The invitations of a school and the people they are for. "Not sent" is the absence of a row; the
// other statuses are stored (invitations.status), so lists filter and count in SQL.

/** Whom a list is about: the families of some nodes, or everyone of the school who is not a student (and anyone invited). */
export type Population = { nodeIds: number[] } | { school: true };

type PeopleEb = ExpressionBuilder<DB, 'people'>;

/**
 * SQL: the person is in the population. A node's families are the parent-like relatives of its
 * current students and its members in any other role (teachers, staff), in the node and below it.
 */
function inPopulation(orgId: number, population: Population) {
  return (eb: PeopleEb): Expression<SqlBool> => {
    if ('school' in population) {
      const isStudent = eb.exists(
        eb
          .selectFrom('memberships')
          .select('memberships.id')
          .where('memberships.org_id', '=', orgId)
          .whereRef('memberships.person_id', '=', 'people.id')
          .where('memberships.role', '=', 'student')
          .where(currentMembership('memberships')),
      );
      const isInvited = eb.exists(
        eb.selectFrom('invitations as invited').select('invited.id').where('invited.org_id', '=', orgId).whereRef('invited.person_id', '=', 'people.id'),
      );
      return eb.or([eb.not(isStudent), isInvited]);
    }
    if (population.nodeIds.length === 0) return sql<SqlBool>`1 = 0`;
    const students = eb
      .selectFrom('memberships as sm')
      .select('sm.person_id')
      .where('sm.org_id', '=', orgId)
      .where('sm.node_id', 'in', population.nodeIds)
      .where('sm.role', '=', 'student')
      .where(currentMembership('sm'));
    const relatives = eb
      .selectFrom('relationships as rel')
      .select('rel.relative_id')
      .where('rel.org_id', '=', orgId)
      .where('rel.kind', 'in', [...parentLikeKinds])
      .where('rel.person_id', 'in', students);
    const adults = eb
      .selectFrom('memberships as am')
      .select('am.person_id')
      .where('am.org_id', '=', orgId)
      .where('am.node_id', 'in', population.nodeIds)
      .where('am.role', '<>', 'student');
    return eb.or([eb('people.id', 'in', relatives), eb('people.id', 'in', adults)]);
  };
}

function peopleWithInvitations(db: Database, orgId: number) {
  return db
    .selectFrom('people')
    .leftJoin('invitations', (j) => j.onRef('invitations.org_id', '=', 'people.org_id').onRef('invitations.person_id', '=', 'people.id'))
    .where(scopedToOrg(orgId, 'people'))
    .where(notAnUnapprovedRegistrant(orgId));
}

/** A row of the list: the person and their invitation, if any. */
export interface InvitationListRow {
  id: number;
  first_name: string;
  last_name: string;
  last_name2: string | null;
  email: string | null;
  password_hash: string | null;
  status: string | null;
  send_count: number | null;
  sent_at: string | null;
  opened_at: string | null;
  signed_in_at: string | null;
}

const listColumns = [
  'people.id', 'people.first_name', 'people.last_name', 'people.last_name2', 'people.email', 'people.password_hash',
  'invitations.status', 'invitations.send_count', 'invitations.sent_at', 'invitations.opened_at', 'invitations.signed_in_at',
] as const;

function withStatus(status: InvitationStatus | undefined) {
  return (eb: ExpressionBuilder<DB, 'people' | 'invitations'>): Expression<SqlBool> => {
    if (!status) return sql<SqlBool>`1 = 1`;
    return status === 'not_sent' ? eb('invitations.id', 'is', null) : eb('invitations.status', '=', status);
  };
}

/** One page of the population with their invitations, in name order, and how many there are. */
export async function findInvitationPage(
  db: Database,
  orgId: number,
  filter: { population: Population; status?: InvitationStatus },
  page: { offset: number; limit: number },
): Promise<{ rows: InvitationListRow[]; total: number }> {
  const base = () => peopleWithInvitations(db, orgId).where(inPopulation(orgId, filter.population)).where(withStatus(filter.status));
  const [rows, count] = await Promise.all([
    base().select(listColumns).orderBy('people.sort_key').orderBy('people.id').offset(page.offset).limit(page.limit).execute(),
    base().select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** One person (of the school, not an unapproved registrant) with their invitation. */
export async function findInvitationRow(db: Database, orgId: number, personId: number): Promise<InvitationListRow | null> {
  const row = await peopleWithInvitations(db, orgId).select(listColumns).where('people.id', '=', personId).executeTakeFirst();
  return row ?? null;
}

/** How many people of the population stand at each status, and how many have no email. */
export async function countInvitations(db: Database, orgId: number, population: Population) {
  const rows = await peopleWithInvitations(db, orgId)
    .where(inPopulation(orgId, population))
    .select((eb) => [
      'invitations.status',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.sum<number | string | null>(eb.case().when('people.email', 'is', null).then(1).when('people.email', '=', '').then(1).else(0).end()).as('without_email'),
    ])
    .groupBy('invitations.status')
    .execute();
  return rows.map((r) => ({ status: r.status, count: Number(r.n), withoutEmail: Number(r.without_email ?? 0) }));
}

/** The ids of the population (a node's families), for a bulk send. */
export async function findPopulationIds(db: Database, orgId: number, population: Population): Promise<number[]> {
  const rows = await peopleWithInvitations(db, orgId).where(inPopulation(orgId, population)).select('people.id').orderBy('people.id').execute();
  return rows.map((r) => r.id);
}

/** The stored status of these people's invitations (absent: never invited). */
export async function findInvitationStatuses(db: Database, orgId: number, personIds: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (let i = 0; i < personIds.length; i += 500) {
    const rows = await db
      .selectFrom('invitations')
      .select(['person_id', 'status'])
      .where(scopedToOrg(orgId))
      .where('person_id', 'in', personIds.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(r.person_id, r.status);
  }
  return out;
}

/**
 * Records a send for each person, in id order: the first statement of the sending transaction, so
 * on PostgreSQL it holds the rows' locks and parallel sends to one person queue up behind it (each
 * then revokes the link the one before issued). A new link is unopened; a person who signed in once
 * stays signed in.
 */
export async function recordSends(db: Database, orgId: number, personIds: number[], sentBy: number): Promise<void> {
  const now = nowIso();
  const sorted = [...personIds].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; i += 200) {
    await db
      .insertInto('invitations')
      .values(
        sorted.slice(i, i + 200).map((personId) => ({
          org_id: orgId,
          person_id: personId,
          status: 'sent' as const,
          send_count: 1,
          sent_at: now,
          sent_by: sentBy,
          opened_at: null,
          signed_in_at: null,
          created_at: now,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['org_id', 'person_id']).doUpdateSet((eb) => ({
          status: eb.case().when('invitations.signed_in_at', 'is', null).then('sent').else('signed_in').end().$castTo<InvitationRowStatus>(),
          send_count: eb('invitations.send_count', '+', 1),
          sent_at: eb.ref('excluded.sent_at'),
          sent_by: eb.ref('excluded.sent_by'),
          opened_at: null,
        })),
      )
      .execute();
  }
}

/** The welcome screen read the link: the invitation is opened (a signed-in one stays signed in). */
export async function markOpened(db: Database, orgId: number, personId: number): Promise<void> {
  await db
    .updateTable('invitations')
    .set((eb) => ({
      opened_at: eb.fn.coalesce('opened_at', eb.val(nowIso())),
      status: eb.case().when('status', '=', 'sent').then('opened').else(eb.ref('status')).end().$castTo<InvitationRowStatus>(),
    }))
    .where(scopedToOrg(orgId))
    .where('person_id', '=', personId)
    .execute();
}
