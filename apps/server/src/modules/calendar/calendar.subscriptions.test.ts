import { epochOfWallClock } from '@patio/core/calendar/times';
import ICAL from 'ical.js';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases, type TestApp } from '../../test/harness';
import type { TestPerson } from '../../test/factories';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { as, norteAccount, postTo, publishAs } from '../posts/posts.fixtures';
import { upsertSubscription } from './calendar.subscriptions.queries';

const BOGOTA = 'America/Bogota';

/** The UIDs in an ICS text, read by ical.js. */
function uidsIn(text: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(text) as never);
  return calendar.getAllSubcomponents('vevent').map((c) => String(c.getFirstPropertyValue('uid')));
}

/** The path of a webcal address, for app.inject. */
function pathOf(url: string): string {
  return new URL(url.replace(/^webcal:/, 'http:')).pathname;
}

describeOnDatabases('ICS files and private subscriptions', (t: TestApp) => {
  let w: World;
  let classEvent: number;
  let otherEvent: number;
  const soon = (days: number, hour = 18) => epochOfWallClock(new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10), hour * 3600, BOGOTA);

  async function postEvent(author: TestPerson, to: TestPerson[], title: string, extra: Record<string, unknown> = {}): Promise<number> {
    const res = await publishAs(t, author, postTo(to, { type: 'event', event: { title, startDate: soon(3), endDate: soon(3, 19), ...extra } }));
    expect(res.statusCode, res.body).toBe(201);
    return (await as(t, author, 'GET', `posts/${res.json().id}`)).json().event.id;
  }
  const subscription = (me: TestPerson) => `people/${me.id}/calendar/subscription`;

  beforeAll(async () => {
    w = await makeWorld(t);
    classEvent = await postEvent(w.teacherA, [w.parentA], 'Reunión de padres 3A', { recurrence: { freq: 'weekly', count: 3, exceptions: [] }, location: 'Aula 3' });
    otherEvent = await postEvent(w.teacherB, [w.parentB], 'Reunión de padres 3B');
  });

  it("downloads an event's .ics for its readers, with its repetition, and 404 for everyone else", async () => {
    const res = await as(t, w.parentA, 'GET', `calendar/events/${classEvent}/ics`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Reunion de padres 3A\.ics"; filename\*=UTF-8''Reuni%C3%B3n%20de%20padres%203A\.ics$/);
    expect(res.body).toContain(`UID:event-${classEvent}@${w.school.code}.patio\r\n`);
    expect(res.body).toContain('RRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=3\r\n');
    expect(res.body).toContain('DTSTART;TZID=America/Bogota:');
    expect(uidsIn(res.body)).toEqual([`event-${classEvent}@${w.school.code}.patio`]);
    for (const reader of [w.teacherA, w.admin]) expect((await as(t, reader, 'GET', `calendar/events/${classEvent}/ics`)).statusCode).toBe(200);
    for (const stranger of [w.parentB, w.teacherB, w.studentB, w.driver]) {
      const denied = await as(t, stranger, 'GET', `calendar/events/${classEvent}/ics`);
      expect(denied.statusCode, stranger.firstName).toBe(404);
      expect(denied.json()).toMatchObject({ error: 'not_found' });
    }
    expect((await t.request({ method: 'GET', url: `/api/${w.school.code}/calendar/events/${classEvent}/ics` })).statusCode).toBe(401);
    const norteParent = await norteAccount(t, w, 'parent');
    expect((await as(t, norteParent, 'GET', `calendar/events/${classEvent}/ics`)).statusCode).toBe(404);
    expect((await as(t, w.parentA, 'GET', 'calendar/events/999999999/ics')).statusCode).toBe(404);
  });

  it("serves a person's events on their private address without a token, never another family's", async () => {
    expect((await as(t, w.parentA, 'GET', subscription(w.parentA))).json()).toEqual({ url: null, createdAt: null });
    const made = await as(t, w.parentA, 'POST', subscription(w.parentA));
    expect(made.statusCode, made.body).toBe(201);
    const { url } = made.json();
    expect(url).toMatch(new RegExp(`^webcal://localhost(:\\d+)?/api/${w.school.code}/calendar/subscriptions/[1-9][0-9]*-[A-Za-z0-9_-]{43}\\.ics$`));
    expect((await as(t, w.parentA, 'GET', subscription(w.parentA))).json().url).toBe(url);

    const feed = await t.request({ method: 'GET', url: pathOf(url) });
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('private, max-age=900');
    expect(feed.body).toContain('METHOD:PUBLISH\r\n');
    expect(feed.body).toContain(`X-WR-CALNAME:${w.school.title}\r\n`);
    expect(uidsIn(feed.body)).toContain(`event-${classEvent}@${w.school.code}.patio`);
    expect(uidsIn(feed.body)).not.toContain(`event-${otherEvent}@${w.school.code}.patio`);
    // Each event once, with its rule, not once per occurrence.
    expect(uidsIn(feed.body).filter((uid) => uid === `event-${classEvent}@${w.school.code}.patio`)).toHaveLength(1);

    const otherFamily = (await as(t, w.parentB, 'POST', subscription(w.parentB))).json().url;
    const theirs = await t.request({ method: 'GET', url: pathOf(otherFamily) });
    expect(uidsIn(theirs.body)).toContain(`event-${otherEvent}@${w.school.code}.patio`);
    expect(uidsIn(theirs.body)).not.toContain(`event-${classEvent}@${w.school.code}.patio`);
  });

  it('leaves out the feeds a person switched off', async () => {
    const { url } = (await as(t, w.teacherA, 'POST', subscription(w.teacherA))).json();
    expect(uidsIn((await t.request({ method: 'GET', url: pathOf(url) })).body)).toContain(`event-${classEvent}@${w.school.code}.patio`);
    const off = await as(t, w.teacherA, 'PUT', `people/${w.teacherA.id}/calendar/feeds/posts`, { enabled: '0' });
    expect(off.statusCode, off.body).toBe(200);
    expect(uidsIn((await t.request({ method: 'GET', url: pathOf(url) })).body)).not.toContain(`event-${classEvent}@${w.school.code}.patio`);
    await as(t, w.teacherA, 'PUT', `people/${w.teacherA.id}/calendar/feeds/posts`, { enabled: 1 });
  });

  it('ends the old address when it is reset, and every address when it is revoked', async () => {
    const first = (await as(t, w.studentA, 'POST', subscription(w.studentA))).json().url;
    const second = (await as(t, w.studentA, 'POST', subscription(w.studentA))).json().url;
    expect(second).not.toBe(first);
    const old = await t.request({ method: 'GET', url: pathOf(first) });
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ error: 'not_found' });
    expect((await t.request({ method: 'GET', url: pathOf(second) })).statusCode).toBe(200);
    expect((await as(t, w.studentA, 'DELETE', subscription(w.studentA))).statusCode).toBe(204);
    expect((await as(t, w.studentA, 'DELETE', subscription(w.studentA))).statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: pathOf(second) })).statusCode).toBe(404);
    expect((await as(t, w.studentA, 'GET', subscription(w.studentA))).json()).toEqual({ url: null, createdAt: null });
  });

  it('answers 404 to forged, altered and foreign secrets, and to another school’s base', async () => {
    const { url } = (await as(t, w.parentA, 'POST', subscription(w.parentA))).json();
    const path = pathOf(url);
    const [, id, mac] = /\/(\d+)-([A-Za-z0-9_-]+)\.ics$/.exec(path)!;
    const flipped = `${mac!.slice(0, 10)}${mac![10] === 'A' ? 'B' : 'A'}${mac!.slice(11)}`;
    const base = `/api/${w.school.code}/calendar/subscriptions`;
    for (const file of [`${id}-${flipped}.ics`, `${Number(id) + 1}-${mac}.ics`, `${id}-${mac}`, `${id}-${mac}.ics.ics`, `0-${mac}.ics`, 'x.ics', `${id}-${'A'.repeat(43)}.ics`, `${'9'.repeat(30)}-${mac}.ics`, `9999999999-${mac}.ics`]) {
      const res = await t.request({ method: 'GET', url: `${base}/${encodeURIComponent(file)}` });
      expect(res.statusCode, file).toBe(404);
    }
    expect((await t.request({ method: 'GET', url: `${base}/${id}-${mac}.ics%00` })).statusCode).toBe(400);
    // The same secret on norte's base: another school's row, or none.
    expect((await t.request({ method: 'GET', url: path.replace(`/api/${w.school.code}/`, `/api/${w.otherSchool.code}/`) })).statusCode).toBe(404);
    // A token does not matter, nor does it help.
    expect((await t.request({ method: 'GET', url: path, token: await t.signIn(w.parentB) })).statusCode).toBe(200);
  });

  it('is the caller’s own: another person’s id is 403, a guest 401; a registration not approved gets no events', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await as(t, w.admin, method, subscription(w.parentA))).statusCode, method).toBe(403);
      expect((await t.request({ method, url: `/api/${w.school.code}/${subscription(w.parentA)}` })).statusCode, method).toBe(401);
    }
    const registrant = await makeRegistrant(t, w.school);
    expect((await as(t, registrant, 'POST', subscription(registrant))).statusCode).toBe(403);
    // An address made before the registration was put on hold stops answering.
    const row = await upsertSubscription(t.db, w.school.id, registrant.id, 'n'.repeat(43), new Date().toISOString());
    const { subscriptionSecret } = await import('./calendar.subscriptions');
    const secret = subscriptionSecret(t.config, w.school.id, row);
    expect((await t.request({ method: 'GET', url: `/api/${w.school.code}/calendar/subscriptions/${secret}.ics` })).statusCode).toBe(404);
  });
});
