import type { Child, ClinicData, PeopleQuery, PersonCard, PersonPatch, PersonProfile, Relative, RelationshipKind } from '@patio/core';
import { LANGUAGES, ownContactFields } from '@patio/core';
import type { Updateable } from 'kysely';
import type { PersonTable } from '../../db/types';
import type { RequestContext } from '../../http/context';
import { HttpError, forbidden, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { findNodes, reachesNode, subtreeIds } from '../nodes/index';
import {
  type CardRow,
  findCardRows,
  findChildIds,
  findGroupsOf,
  findPerson,
  findPersonIdByDocument,
  findRelativeCardRows,
  findRolesOf,
  findStudentClassesOf,
  type PersonRow,
  updatePersonRow,
} from './people.queries';
import { signedAvatarUrl } from './avatar.service';
import { personAccess, profileAccess } from './people.access';
import { searchPeopleRows } from './search.queries';


/** The public card every signed-in member of the school may see. */
export function toCard(ctx: RequestContext, row: CardRow, roles: string[]): PersonCard {
  const avatar = signedAvatarUrl(ctx, row.avatar);
  return { id: row.id, firstName: row.first_name, lastName: row.last_name, lastName2: row.last_name2, avatar, roles };
}

/** Cards of many people with their roles, "last name, first name" order unless `rows` is given. */
export async function cardsOf(ctx: RequestContext, ids: number[], rows?: CardRow[]): Promise<PersonCard[]> {
  const list = rows ?? (await findCardRows(ctx.db, ctx.org.id, ids));
  const roles = await findRolesOf(ctx.db, ctx.org.id, list.map((r) => r.id));
  return list.map((r) => toCard(ctx, r, roles.get(r.id) ?? []));
}

function clinicOf(row: PersonRow): ClinicData {
  return {
    bloodType: (row.blood_type as ClinicData['bloodType']) ?? null,
    weight: row.weight,
    height: row.height,
    medicalInsurance: row.medical_insurance,
  };
}

/** GET people/{id}: the card, school data, full profile and clinic data as profileAccess allows. */
export async function getPerson(ctx: RequestContext, personId: number): Promise<PersonProfile> {
  const caller = requireCaller(ctx);
  const access = await profileAccess(ctx.db, caller, personId);
  const row = await findPerson(ctx.db, ctx.org.id, personId);
  if (!row) throw notFound('There is no such person in this school');
  if (access.level === 'card' || access.level === 'contact') {
    const card = toCard(ctx, row, (await findRolesOf(ctx.db, ctx.org.id, [personId])).get(personId) ?? []);
    // A driver calls a rider's family: the card and the mobile, nothing more.
    return access.level === 'contact' ? { ...card, mobile: row.mobile } : card;
  }
  // One roles query for the person and their relatives.
  const relatives = await findRelativeCardRows(ctx.db, ctx.org.id, personId);
  const roles = await findRolesOf(ctx.db, ctx.org.id, [personId, ...relatives.map((r) => r.id)]);
  const profile: PersonProfile = {
    ...toCard(ctx, row, roles.get(personId) ?? []),
    gender: row.gender,
    document: row.document,
    birthday: row.birthday,
    email: row.email,
    mobile: row.mobile,
    studentCode: row.student_code,
    groups: (await findGroupsOf(ctx.db, ctx.org.id, personId)).map((g) => ({
      nodeId: g.node_id,
      nodeName: g.name,
      typeKey: g.key,
      role: g.role as never,
      enrollmentStatus: g.enrollment_status as never,
      outcome: g.outcome as never,
      schoolYear: g.school_year,
    })),
    relatives: relatives.map((r) => ({ ...toCard(ctx, r, roles.get(r.id) ?? []), kind: r.kind as RelationshipKind })),
  };
  if (access.level === 'full') {
    profile.language = (LANGUAGES as readonly string[]).includes(row.language ?? '') ? (row.language as PersonProfile['language']) : null;
    profile.isAdmin = row.is_admin === 1;
  }
  if (access.clinic) profile.clinic = clinicOf(row);
  return profile;
}

/**
 * GET people: one page of the directory (staff only, see the policy) and the total. Filters that
 * reveal enrollment (`node`, `status`) are for school-wide staff, or on nodes in the caller's reach;
 * anything else is 403 rather than an empty page (issue 6 item 3).
 */
export async function searchPeople(ctx: RequestContext, query: PeopleQuery): Promise<{ items: PersonCard[]; total: number }> {
  const caller = requireCaller(ctx);
  let nodeIds: number[] | undefined;
  if (query.node) {
    const nodes = await findNodes(ctx.db, ctx.org.id);
    if (!nodes.some((n) => n.id === query.node)) throw notFound('There is no such node in this school');
    if (!(await reachesNode(ctx.db, caller, query.node))) {
      throw forbidden('forbidden_filter', 'You may filter by "node" only on the groups you teach or work in');
    }
    nodeIds = query.descendants ? subtreeIds(nodes, query.node) : [query.node];
  }
  if (query.status && !caller.isSchoolWide && !nodeIds) {
    throw forbidden('forbidden_filter', 'Filter by "status" together with a "node" you teach or work in');
  }
  const words = (query.q ?? '').split(/\s+/).filter(Boolean).slice(0, 6);
  const { rows, total } = await searchPeopleRows(
    ctx.db,
    ctx.org.id,
    // Documents are school data of everyone only for school-wide staff.
    { words, matchDocument: caller.isSchoolWide, role: query.role, nodeIds, status: query.status, visible: await personAccess.filter(ctx.db, caller) },
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return { items: await cardsOf(ctx, [], rows), total };
}

/** GET people/{id}/relatives: each relative's card and what they are to the person. */
export async function listRelatives(ctx: RequestContext, personId: number): Promise<Relative[]> {
  const rows = await findRelativeCardRows(ctx.db, ctx.org.id, personId);
  const cards = await cardsOf(ctx, [], rows);
  return cards.map((c, i) => ({ ...c, kind: rows[i].kind as RelationshipKind }));
}

/** GET people/{id}/children: the people this person is a parent-like relative of, with their classes. */
export async function listChildren(ctx: RequestContext, personId: number): Promise<Child[]> {
  const cards = await cardsOf(ctx, await findChildIds(ctx.db, ctx.org.id, personId));
  const classes = await findStudentClassesOf(ctx.db, ctx.org.id, cards.map((c) => c.id));
  return cards.map((c) => ({
    ...c,
    groups: classes
      .filter((g) => g.person_id === c.id)
      .map((g) => ({ nodeId: g.node_id, nodeName: g.name, enrollmentStatus: g.enrollment_status as Child['groups'][number]['enrollmentStatus'] })),
  }));
}

/**
 * PATCH people/{id}: the person changes their own contact data (email, mobile, language); a school
 * administrator may change everything. Checks everything before writing anything.
 */
export async function updatePerson(ctx: RequestContext, personId: number, patch: PersonPatch): Promise<PersonProfile> {
  const caller = requireCaller(ctx);
  const row = await findPerson(ctx.db, ctx.org.id, personId);
  if (!row) throw notFound('There is no such person in this school');
  const adminOnly = Object.keys(patch).filter((k) => !(ownContactFields as readonly string[]).includes(k));
  if (!caller.isAdmin && adminOnly.length > 0) {
    throw forbidden('admin_only_fields', `Only a school administrator can change: ${adminOnly.join(', ')}`);
  }
  if (patch.document && patch.document !== row.document) {
    const other = await findPersonIdByDocument(ctx.db, ctx.org.id, patch.document);
    if (other !== null && other !== personId) throw new HttpError(409, 'duplicate_document', 'Another person of this school has this document');
  }
  const values: Updateable<PersonTable> = {};
  if (patch.email !== undefined) values.email = patch.email === '' ? null : patch.email?.toLowerCase() ?? null;
  if (patch.mobile !== undefined) values.mobile = patch.mobile || null;
  if (patch.language !== undefined) values.language = patch.language;
  if (patch.firstName !== undefined) values.first_name = patch.firstName;
  if (patch.lastName !== undefined) values.last_name = patch.lastName;
  if (patch.lastName2 !== undefined) values.last_name2 = patch.lastName2 || null;
  if (patch.document !== undefined) values.document = patch.document;
  if (patch.gender !== undefined) values.gender = patch.gender;
  if (patch.birthday !== undefined) values.birthday = patch.birthday;
  if (patch.studentCode !== undefined) values.student_code = patch.studentCode || null;
  if (patch.clinic?.bloodType !== undefined) values.blood_type = patch.clinic.bloodType;
  if (patch.clinic?.weight !== undefined) values.weight = patch.clinic.weight;
  if (patch.clinic?.height !== undefined) values.height = patch.clinic.height;
  if (patch.clinic?.medicalInsurance !== undefined) values.medical_insurance = patch.clinic.medicalInsurance;
  await updatePersonRow(ctx.db, ctx.org.id, personId, values);
  return getPerson(ctx, personId);
}
