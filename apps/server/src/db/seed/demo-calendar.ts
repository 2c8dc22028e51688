// The demo's calendar (issue 11), dated from the day the demo is seeded so the calendar is never
// empty: a school holiday and a cultural week on the school's calendar, the teacher's weekly reading
// club and a monthly parents' meeting (asking who is going, two families have answered) on 7A. Norte
// gets a science fair of its own.
import type { EventInput } from '@patio/core';
import { addDays, epochOfWallClock, localDateOf } from '@patio/core/calendar/times';
import { insertNodeEvent } from '../../modules/calendar/calendar.queries';
import { upsertRsvp } from '../../modules/calendar/calendar.rsvp.queries';
import { timeZoneOf } from '../../modules/settings/index';
import { eventColumnsOf } from '../../modules/posts/index';
import { findNodeByName } from '../../modules/nodes/nodes.queries';
import { findPersonIdByUsername } from '../../modules/people/people.queries';
import type { Database } from '../database';
import type { Org } from '../../policy/policy';
import { findStubHolders, findPostIdByTitle } from './demo-blocks.queries';
import { museumCircularTitle } from './demo-blocks';
import type { PostsSeedStep } from './demo-posts';

export const parentsMeetingTitle = 'Reunión de padres de familia 7A';

/** An event input `days` from today at `hour` local time (null hour: all day), lasting `hours` or `spanDays`. */
function eventAt(org: Org, days: number, hour: number | null, fields: Partial<EventInput> & { title: string; hours?: number; spanDays?: number }): EventInput {
  const zone = timeZoneOf(org.settings);
  const date = addDays(localDateOf(Math.floor(Date.now() / 1000), zone), days);
  const start = epochOfWallClock(date, (hour ?? 0) * 3600, zone);
  const end = hour === null ? epochOfWallClock(addDays(date, fields.spanDays ?? 1), 0, zone) : start + (fields.hours ?? 1) * 3600;
  const { hours: _hours, spanDays: _spanDays, ...rest } = fields;
  return { secondary: '', location: '', recurrence: null, rsvp: false, ...rest, startDate: start, endDate: end, allDay: hour === null };
}

async function addEvent(db: Database, org: Org, nodeId: number, authorId: number, input: EventInput): Promise<number> {
  return insertNodeEvent(db, org.id, { ...eventColumnsOf(input, timeZoneOf(org.settings)), node_id: nodeId, author_id: authorId });
}

export const demoCalendar: PostsSeedStep = {
  name: 'calendar',
  async run(db, org) {
    const admin = (await findPersonIdByUsername(db, org.id, 'admin'))!;
    const teacher = (await findPersonIdByUsername(db, org.id, 'teacher'))!;
    const school = (await findNodeByName(db, org.id, org.title))!.id;
    const sevenA = (await findNodeByName(db, org.id, '7A'))!.id;
    await addEvent(db, org, school, admin, eventAt(org, 9, null, { title: 'Día festivo: no hay clases', secondary: 'El colegio permanece cerrado. Las rutas no prestan servicio.' }));
    await addEvent(db, org, school, admin, eventAt(org, 20, null, { title: 'Semana cultural', spanDays: 5, location: 'Coliseo del colegio', secondary: 'Muestras de danza, música y teatro de todos los grados.' }));
    await addEvent(db, org, sevenA, teacher, eventAt(org, -6, 14, {
      title: 'Club de lectura 7A', location: 'Biblioteca', secondary: 'Cada semana leemos un capítulo del libro del mes.', recurrence: { freq: 'weekly', interval: 1, count: 20, until: null, exceptions: [] },
    }));
    const meeting = await addEvent(db, org, sevenA, teacher, eventAt(org, 4, 18, {
      title: parentsMeetingTitle, hours: 1.5, location: 'Salón 7A', rsvp: true, secondary: 'Entrega de informes del periodo y acuerdos de convivencia.',
      recurrence: { freq: 'monthly', interval: 1, count: 10, until: null, exceptions: [] },
    }));
    // Two 7A families (those who received the museum circular) have answered; the demo parent has not.
    const parent = await findPersonIdByUsername(db, org.id, 'parent');
    const circular = await findPostIdByTitle(db, org.id, teacher, museumCircularTitle);
    const families = circular === null ? [] : (await findStubHolders(db, org.id, circular)).filter((id) => id !== parent);
    for (const [i, person] of families.slice(0, 2).entries()) await upsertRsvp(db, org.id, meeting, person, i === 0 ? 'going' : 'not_going');
  },
};

export const norteCalendar: PostsSeedStep = {
  name: 'calendar',
  async run(db, org) {
    const admin = (await findPersonIdByUsername(db, org.id, 'admin'))!;
    const school = (await findNodeByName(db, org.id, org.title))!.id;
    await addEvent(db, org, school, admin, eventAt(org, 12, null, { title: 'Feria de la ciencia', location: 'Patio principal', secondary: 'Los cursos de primaria presentan sus proyectos.' }));
  },
};
