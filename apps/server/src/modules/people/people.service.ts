import type { Person } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { canSeeFullProfile } from './people.policy';
import { findPerson, findRoles, type PersonRow } from './people.queries';

const languages = ['es', 'en', 'de', 'fr', 'it', 'pt'] as const;

/** The public card every signed-in member of the school may see. */
function toCard(row: PersonRow, roles: string[]): Person {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    lastName2: row.last_name2,
    avatar: row.avatar,
    roles,
  };
}

function toProfile(row: PersonRow, roles: string[]): Person {
  return {
    ...toCard(row, roles),
    gender: row.gender,
    document: row.document,
    birthday: row.birthday,
    email: row.email,
    mobile: row.mobile,
    studentCode: row.student_code,
    language: (languages as readonly string[]).includes(row.language ?? '') ? (row.language as Person['language']) : null,
    isAdmin: row.is_admin === 1,
  };
}

/** GET people/{id}: full profile for the person, relatives and admins; the card for everyone else. */
export async function getPerson(ctx: RequestContext, personId: number): Promise<Person> {
  const caller = requireCaller(ctx);
  const row = await findPerson(ctx.db, ctx.org.id, personId);
  if (!row) throw notFound('There is no such person in this school');
  const roles = await findRoles(ctx.db, ctx.org.id, personId);
  if (row.is_admin === 1) roles.unshift('administrator');
  return (await canSeeFullProfile(ctx.db, caller, personId)) ? toProfile(row, roles) : toCard(row, roles);
}
