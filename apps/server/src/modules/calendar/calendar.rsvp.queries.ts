import type { RsvpAnswer } from '@patio/core';
import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

// RSVP answers: one row per person and event (primary key), so an answer is an upsert and twenty
// identical requests at once still leave one row.

export async function upsertRsvp(db: Database, orgId: number, eventId: number, personId: number, answer: RsvpAnswer): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('calendar_rsvps')
    .values({ org_id: orgId, event_id: eventId, person_id: personId, answer, updated_at: now })
    .onConflict((oc) => oc.columns(['org_id', 'event_id', 'person_id']).doUpdateSet({ answer, updated_at: now }))
    .execute();
}

export async function deleteRsvp(db: Database, orgId: number, eventId: number, personId: number): Promise<void> {
  await db.deleteFrom('calendar_rsvps').where(scopedToOrg(orgId)).where('event_id', '=', eventId).where('person_id', '=', personId).execute();
}

/** Counts per answer and the person's own answer. */
export async function findRsvpCounts(db: Database, orgId: number, eventId: number, personId: number) {
  const rows = await db
    .selectFrom('calendar_rsvps')
    .select((eb) => ['answer', eb.fn.countAll<number | string>().as('n'), eb.fn.max(eb.case().when('person_id', '=', personId).then(1).else(0).end()).as('mine')])
    .where(scopedToOrg(orgId))
    .where('event_id', '=', eventId)
    .groupBy('answer')
    .execute();
  return rows.map((r) => ({ answer: r.answer, count: Number(r.n), mine: Number(r.mine) === 1 }));
}

/** Who answered, in name order. */
export async function findRsvpPeople(db: Database, orgId: number, eventId: number) {
  return await db
    .selectFrom('calendar_rsvps as r')
    .innerJoin('people as p', (j) => j.onRef('p.org_id', '=', 'r.org_id').onRef('p.id', '=', 'r.person_id'))
    .select(['r.answer', 'p.id', 'p.first_name', 'p.last_name', 'p.last_name2', 'p.avatar'])
    .where(scopedToOrg(orgId, 'r'))
    .where('r.event_id', '=', eventId)
    .orderBy('p.sort_key')
    .orderBy('p.id')
    .execute();
}
