import type { PersonCard } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { cardsOf, findPerson } from '../people/index';
import { findAdminIds, lockSchool, setAdmin } from './admins.queries';

/** GET admins. */
export async function listAdmins(ctx: RequestContext): Promise<PersonCard[]> {
  return cardsOf(ctx, await findAdminIds(ctx.db, ctx.org.id));
}

/** POST admins: makes a person of the school an administrator (201; 200 if they already were). */
export async function addAdmin(ctx: RequestContext, personId: number): Promise<{ created: boolean; admins: PersonCard[] }> {
  const person = await findPerson(ctx.db, ctx.org.id, personId);
  if (!person) throw badRequest('unknown_person', 'There is no such person in this school');
  if (person.is_admin !== 1) await setAdmin(ctx.db, ctx.org.id, personId, true);
  return { created: person.is_admin !== 1, admins: await listAdmins(ctx) };
}

/**
 * DELETE admins/{personId}: a school always keeps one administrator. The check and the write share
 * a transaction that holds the school's lock, so two admins removing each other at once cannot
 * leave the school without one: the second sees the first's change and gets 409.
 */
export async function removeAdmin(ctx: RequestContext, personId: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockSchool(trx, ctx.org.id, ctx.services.dialect);
    const admins = await findAdminIds(trx, ctx.org.id);
    if (!admins.includes(personId)) throw notFound('This person is not an administrator of this school');
    if (admins.length === 1) throw new HttpError(409, 'last_admin', 'The school needs at least one administrator: add another one first');
    await setAdmin(trx, ctx.org.id, personId, false);
  });
}
