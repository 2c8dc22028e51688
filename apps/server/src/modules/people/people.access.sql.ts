import { STAFF_ROLES, TEACHING_ROLES } from '@patio/core';
import { type Expression, type ExpressionBuilder, sql, type SqlBool } from 'kysely';
import { scopedToOrg } from '../../db/scope';
import type { DB } from '../../db/types';
import type { AccessFilter } from '../../policy/access';
import type { Caller } from '../../policy/policy';
import { notAnUnapprovedRegistrant } from '../../policy/registrants.sql';
import { currentMembership } from '../nodes/index';
import { parentLikeKinds } from './relationships';

// personAccess (people.access.ts) and the contact rule (contacts.rules.ts) written as SQL conditions on
// a column that holds a person id. Each rule is a subquery of its own table under an alias no query of
// the areas uses (pa_…), so the condition fits inside any query, even one over the same tables, and
// each subquery keeps to the school.

type Eb = ExpressionBuilder<DB, never>;
const typed = (eb: unknown) => eb as Eb;

type Ids = readonly number[];
/** A list of ids as an IN operand (an empty list matches nothing). */
const inList = (ids: Ids) => (ids.length > 0 ? [...ids] : [-1]);

/** The current students of some nodes (a list, or a subquery of node ids). */
function studentsIn(eb: Eb, orgId: number, nodes: Ids | Expression<unknown>) {
  return eb
    .selectFrom('memberships as pa_st')
    .select('pa_st.person_id')
    .where(scopedToOrg(orgId, 'pa_st'))
    .where('pa_st.node_id', 'in', Array.isArray(nodes) ? inList(nodes) : (nodes as never))
    .where('pa_st.role', '=', 'student')
    .where(currentMembership('pa_st'));
}

/** The nodes where some people are current students. */
function studentNodesOf(eb: Eb, orgId: number, personIds: Ids) {
  return eb
    .selectFrom('memberships as pa_sn')
    .select('pa_sn.node_id')
    .where(scopedToOrg(orgId, 'pa_sn'))
    .where('pa_sn.person_id', 'in', inList(personIds))
    .where('pa_sn.role', '=', 'student')
    .where(currentMembership('pa_sn'));
}

/** The parent-like relatives of the people a subquery selects. */
function parentsOf(eb: Eb, orgId: number, children: Expression<unknown>) {
  return eb
    .selectFrom('relationships as pa_pr')
    .select('pa_pr.relative_id')
    .where(scopedToOrg(orgId, 'pa_pr'))
    .where('pa_pr.kind', 'in', [...parentLikeKinds])
    .where('pa_pr.person_id', 'in', children as never);
}

/** `person` holds one of `roles` in one of the nodes a subquery selects. */
function holdsRoleIn(eb: Eb, orgId: number, person: Expression<number>, roles: readonly string[], nodes: Expression<unknown>) {
  return eb.exists(
    eb
      .selectFrom('memberships as pa_hr')
      .select('pa_hr.id')
      .where(scopedToOrg(orgId, 'pa_hr'))
      .where('pa_hr.person_id', '=', person)
      .where('pa_hr.role', 'in', [...roles])
      .where('pa_hr.node_id', 'in', nodes as never),
  );
}

/** `person` is an administrator or holds a staff role anywhere (findStaffIds). */
function isStaffMemberSql(eb: Eb, orgId: number, person: Expression<number>): Expression<SqlBool> {
  return eb.or([
    eb.exists(
      eb.selectFrom('people as pa_sp').select('pa_sp.id').where(scopedToOrg(orgId, 'pa_sp')).where('pa_sp.id', '=', person).where('pa_sp.is_admin', '=', 1),
    ),
    eb.exists(
      eb
        .selectFrom('memberships as pa_sm')
        .select('pa_sm.id')
        .where(scopedToOrg(orgId, 'pa_sm'))
        .where('pa_sm.person_id', '=', person)
        .where('pa_sm.role', 'in', [...STAFF_ROLES]),
    ),
  ]);
}

/**
 * The contact rule of contacts.rules.ts (findContactReasons) as SQL: `ref` is someone `subject` may
 * message. Reasons are not told apart here, only whether there is one; like findContactReasons it
 * leaves unapproved registrants to the caller (personFilter, the contacts list).
 */
export function contactOfFilter(subject: Caller): AccessFilter {
  const orgId = subject.orgId;
  return (ref) => (untyped) => {
    const eb = typed(untyped);
    const person = sql.ref<number>(ref);
    const reasons: Expression<SqlBool>[] = [
      // their family, and the other relatives of their children ('relative', 'family')
      eb(person, 'in', inList(subject.relativeIds)),
      eb(
        person,
        'in',
        eb.selectFrom('relationships as pa_cf').select('pa_cf.relative_id').where(scopedToOrg(orgId, 'pa_cf')).where('pa_cf.person_id', 'in', inList(subject.childIds)),
      ),
      // staff flagged as contacts
      eb.exists(
        eb.selectFrom('people as pa_cs').select('pa_cs.id').where(scopedToOrg(orgId, 'pa_cs')).where('pa_cs.id', '=', person).where('pa_cs.is_contact', '=', 1),
      ),
      // the teachers of their children's nodes and of their own
      holdsRoleIn(eb, orgId, person, TEACHING_ROLES, studentNodesOf(eb, orgId, subject.childIds)),
      holdsRoleIn(eb, orgId, person, TEACHING_ROLES, studentNodesOf(eb, orgId, [subject.id])),
      // classmates
      eb(person, 'in', studentsIn(eb, orgId, studentNodesOf(eb, orgId, [subject.id]))),
    ];
    if (subject.teachingNodeIds.length > 0) {
      // the students of the nodes they teach and those students' parents
      reasons.push(eb(person, 'in', studentsIn(eb, orgId, subject.teachingNodeIds)));
      reasons.push(eb(person, 'in', parentsOf(eb, orgId, studentsIn(eb, orgId, subject.teachingNodeIds))));
    }
    if (subject.isStaff) reasons.push(isStaffMemberSql(eb, orgId, person)); // colleagues
    if (subject.routeIds.length > 0) {
      // a driver: the parents of the riders of their routes
      reasons.push(eb(person, 'in', parentsOf(eb, orgId, studentsIn(eb, orgId, subject.routeIds))));
    }
    return eb.and([eb(person, '<>', subject.id), eb.or(reasons)]);
  };
}

/** What an administrator sees: everyone. */
const seenByAdministrators = () => sql<SqlBool>`1 = 1`;

/**
 * Themselves, and anyone whose registration is not short of approved: what staff see, and the first
 * half of what anyone else sees. `orgId` and `callerId` are only used as values, so a compiled query
 * may pass its markers (db/compiled-query.ts).
 */
function selfOrNotHidden(eb: Eb, orgId: number, callerId: number, ref: string): Expression<SqlBool> {
  return eb.or([eb(sql.ref<number>(ref), '=', callerId), notAnUnapprovedRegistrant(orgId, ref)(eb)]);
}

/**
 * The two filters whose SQL depends on nothing but the school and the caller's id, i.e. staff's (the
 * directory's readers): a list query may compile them once per shape and pass those two as values.
 * Anyone else's filter has none (it holds their family, classes, routes…) and is built per request.
 */
export type CompilablePersonFilter = { kind: 'everyone' } | { kind: 'staff'; orgId: number; callerId: number };

const compilable = new WeakMap<AccessFilter, CompilablePersonFilter>();

/** The shape of a filter personFilter made, when it has one (see CompilablePersonFilter). */
export function compilablePersonFilter(filter: AccessFilter): CompilablePersonFilter | undefined {
  return compilable.get(filter);
}

/** The SQL of a CompilablePersonFilter kind, with the school and the caller's id given as values (or markers). */
export function compilablePersonCondition(kind: CompilablePersonFilter['kind'], orgId: number, callerId: number, ref: string) {
  return (untyped: unknown): Expression<SqlBool> => (kind === 'everyone' ? seenByAdministrators() : selfOrNotHidden(typed(untyped), orgId, callerId, ref));
}

/**
 * personAccess as SQL: who may see `ref` at all (its card). Administrators everyone; anyone else nobody
 * whose registration is not approved but themselves; staff everyone else; others themselves, the
 * riders of the routes they drive, staff members and their contacts (which hold their family).
 */
export function personFilter(caller: Caller): AccessFilter {
  const orgId = caller.orgId;
  if (caller.isAdmin || caller.isStaff) {
    const kind = caller.isAdmin ? 'everyone' : 'staff';
    const filter: AccessFilter = (ref) => compilablePersonCondition(kind, orgId, caller.id, ref);
    compilable.set(filter, kind === 'everyone' ? { kind } : { kind, orgId, callerId: caller.id });
    return filter;
  }
  return (ref) => (untyped) => {
    const eb = typed(untyped);
    const person = sql.ref<number>(ref);
    const sees: Expression<SqlBool>[] = [eb(person, '=', caller.id), isStaffMemberSql(eb, orgId, person), contactOfFilter(caller)(ref)(untyped)];
    if (caller.routeIds.length > 0) sees.push(eb(person, 'in', studentsIn(eb, orgId, caller.routeIds)));
    return eb.and([selfOrNotHidden(eb, orgId, caller.id, ref), eb.or(sees)]);
  };
}
