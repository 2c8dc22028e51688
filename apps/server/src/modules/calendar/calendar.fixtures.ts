import type { TestPerson } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import type { World } from '../../test/world';
import { publishPost } from '../threads/threads.fixtures';

// Test data of the calendar area: rows written directly (post and imported events, which other parts
// of the server write) and requests of a signed-in person on their school's base.

export interface EventRowOptions {
  title?: string;
  startsAt?: number;
  endsAt?: number;
  allDay?: boolean;
  timeZone?: string;
  recurrence?: object | null;
  lastEndsAt?: number | null;
  rsvp?: boolean;
  postId?: number | null;
  nodeId?: number | null;
  sourceId?: number | null;
  authorId?: number | null;
  deleted?: boolean;
}

/** 2026-05-04 15:00 UTC (10:00 in Bogotá), a Monday. */
export const MAY_4_10AM_BOGOTA = Date.UTC(2026, 4, 4, 15) / 1000;

/** Inserts one calendar_events row. */
export async function insertEventRow(t: TestApp, orgId: number, o: EventRowOptions): Promise<number> {
  const now = new Date().toISOString();
  const startsAt = o.startsAt ?? MAY_4_10AM_BOGOTA;
  const endsAt = o.endsAt ?? startsAt + 3600;
  const row = await t.db
    .insertInto('calendar_events')
    .values({
      org_id: orgId,
      title: o.title ?? 'Evento',
      starts_at: startsAt,
      ends_at: endsAt,
      all_day: o.allDay ? 1 : 0,
      time_zone: o.timeZone ?? 'America/Bogota',
      recurrence: o.recurrence ? JSON.stringify(o.recurrence) : null,
      last_ends_at: o.lastEndsAt === undefined ? (o.recurrence ? null : endsAt) : o.lastEndsAt,
      rsvp: o.rsvp ? 1 : 0,
      post_id: o.postId ?? null,
      node_id: o.nodeId ?? null,
      source_id: o.sourceId ?? null,
      author_id: o.authorId ?? null,
      created_at: now,
      updated_at: now,
      deleted_at: o.deleted ? now : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts an external source importing into `nodeId` (null: the school's calendar). */
export async function insertSourceRow(t: TestApp, orgId: number, createdBy: number, nodeId: number | null, deleted = false): Promise<number> {
  const now = new Date().toISOString();
  const row = await t.db
    .insertInto('calendar_sources')
    .values({ org_id: orgId, name: `Fuente ${nodeId ?? 'colegio'}`, url: 'https://example.org/cal.ics', node_id: nodeId, created_by: createdBy, created_at: now, deleted_at: deleted ? now : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A request of `person` on their school's base (`path` relative to /api/{org}/). */
export function calendarApi(t: TestApp) {
  return async (person: TestPerson, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    t.request({ method, url: `/api/${person.org.code}/${path}`, token: await t.signIn(person), body });
}

/** A fresh event of teacher A on class A's calendar (RSVP asked when `rsvp`), made through the API. */
export async function classAEvent(t: TestApp, w: World, rsvp = false): Promise<number> {
  const res = await calendarApi(t)(w.teacherA, 'POST', 'calendar/events', { nodeId: w.tree.classA, title: 'Izada de bandera', startDate: MAY_4_10AM_BOGOTA, rsvp });
  if (res.statusCode !== 201) throw new Error(`No class A event: ${res.body}`);
  return res.json().id;
}

/** A fresh event riding on a fresh post of teacher A to parent A. */
export async function postEventToParentA(t: TestApp, w: World): Promise<number> {
  const post = await publishPost(t, w.teacherA, [w.parentA], { title: 'Bazar familiar' });
  return insertEventRow(t, w.school.id, { postId: post.id, authorId: w.teacherA.id, rsvp: true });
}
