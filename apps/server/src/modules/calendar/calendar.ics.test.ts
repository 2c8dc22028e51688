import type { Recurrence } from '@patio/core';
import { expandOccurrences } from '@patio/core/calendar/recurrence';
import { epochOfWallClock, midnightOf } from '@patio/core/calendar/times';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { renderIcs } from './calendar.ics';
import type { CalendarEventRecord } from './calendar.types';

const MADRID = 'Europe/Madrid';
const BOGOTA = 'America/Bogota';
const context = { orgCode: 'demo', webOrigin: 'https://patio.example.org', untitled: 'Sin título', now: new Date('2026-03-01T10:00:00Z') };

function rule(partial: Partial<Recurrence> & Pick<Recurrence, 'freq'>): Recurrence {
  return { interval: 1, count: null, until: null, exceptions: [], ...partial };
}

function record(partial: Partial<CalendarEventRecord> & Pick<CalendarEventRecord, 'id' | 'startsAt' | 'endsAt'>): CalendarEventRecord {
  return {
    title: 'Reunión', secondary: '', location: '', allDay: false, timeZone: MADRID, recurrence: null, rsvp: false,
    recurrenceText: null, postId: null, postType: null, threadId: null, nodeId: 3, sourceId: null, authorId: 1, feed: 'node-3',
    sequence: 0, updatedAt: '2026-02-20T08:30:00.000Z', ...partial,
  };
}

/** The VEVENTs of an ICS text as ical.js reads them. */
function parse(text: string): { calendar: ICAL.Component; events: ICAL.Event[] } {
  const calendar = new ICAL.Component(ICAL.parse(text) as never);
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c)) };
}

/** Every occurrence start ical.js finds (epoch seconds), up to `limit`. */
function icalStarts(event: ICAL.Event, limit = 100): number[] {
  const out: number[] = [];
  const iterator = event.iterator();
  for (let next = iterator.next(); next && out.length < limit; next = iterator.next()) out.push(event.getOccurrenceDetails(next).startDate.toUnixTime());
  return out;
}

describe('ICS output', () => {
  it('is what calendar apps require: VERSION 2.0, PRODID, CRLF line ends, lines folded at 75 octets, stable UID, DTSTAMP', () => {
    const events = [record({ id: 7, startsAt: 1_780_000_000, endsAt: 1_780_003_600, title: `Reunión ${'muy larga '.repeat(20)}🎉`, secondary: 'Línea 1\nLínea 2; con, signos' })];
    const text = renderIcs(events, context);
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Patio//Patio calendar//ES\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    expect(text).toContain('UID:event-7@demo.patio\r\n');
    expect(text).toContain('DTSTAMP:20260301T100000Z\r\n');
    expect(text).not.toContain('METHOD:');
    expect(renderIcs(events, { ...context, now: new Date() })).toContain('UID:event-7@demo.patio\r\n');

    const { events: [event] } = parse(text);
    expect(event!.summary).toBe(`Reunión ${'muy larga '.repeat(20)}🎉`);
    expect(event!.description).toBe('Línea 1\nLínea 2; con, signos\n\nhttps://patio.example.org/calendar/events/7');
    expect(event!.uid).toBe('event-7@demo.patio');
  });

  it('writes timed events in their zone with its VTIMEZONE, and they read back at the same instants', () => {
    const startsAt = epochOfWallClock('2026-07-10', 10 * 3600, MADRID);
    const text = renderIcs([record({ id: 1, startsAt, endsAt: startsAt + 5400, location: 'Aula 3' })], context);
    expect(text).toContain('DTSTART;TZID=Europe/Madrid:20260710T100000\r\n');
    expect(text).toContain('DTEND;TZID=Europe/Madrid:20260710T113000\r\n');
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Madrid\r\n');
    const { events: [event] } = parse(text);
    expect(event!.startDate.toUnixTime()).toBe(startsAt);
    expect(event!.endDate.toUnixTime()).toBe(startsAt + 5400);
    expect(event!.location).toBe('Aula 3');
  });

  it('writes all-day events as local dates with an exclusive end, whatever the server zone', () => {
    const text = renderIcs([record({ id: 2, allDay: true, startsAt: midnightOf('2026-12-24', MADRID), endsAt: midnightOf('2026-12-26', MADRID), title: '' })], context);
    expect(text).toContain('DTSTART;VALUE=DATE:20261224\r\n');
    expect(text).toContain('DTEND;VALUE=DATE:20261226\r\n');
    const { events: [event] } = parse(text);
    expect(event!.startDate.isDate).toBe(true);
    expect(event!.startDate.toString()).toBe('2026-12-24');
    expect(event!.endDate.toString()).toBe('2026-12-26');
    // A blank title is the reader's default.
    expect(event!.summary).toBe('Sin título');
  });

  it('repeats weekly across the spring change with COUNT and EXDATE exactly as Patio expands it', () => {
    const startsAt = epochOfWallClock('2026-03-16', 10 * 3600, MADRID);
    const recurrence = rule({ freq: 'weekly', count: 5, exceptions: ['2026-03-23'] });
    const text = renderIcs([record({ id: 3, startsAt, endsAt: startsAt + 3600, recurrence })], context);
    expect(text).toContain('RRULE:FREQ=WEEKLY;INTERVAL=1;COUNT=5\r\n');
    expect(text).toContain('EXDATE;TZID=Europe/Madrid:20260323T100000\r\n');
    const { events: [event] } = parse(text);
    const ours = expandOccurrences({ startsAt, endsAt: startsAt + 3600, allDay: false, timeZone: MADRID, recurrence }, { from: 0, to: 4e9 }).map((o) => o.startDate);
    expect(icalStarts(event!)).toEqual(ours);
    expect(ours).toHaveLength(4);
  });

  it('ends a timed repetition on its UNTIL day (inclusive, in UTC) and an all-day one on a DATE', () => {
    const startsAt = epochOfWallClock('2026-10-05', 18 * 3600, MADRID);
    const recurrence = rule({ freq: 'weekly', interval: 2, until: '2026-11-16' });
    const text = renderIcs([record({ id: 4, startsAt, endsAt: startsAt + 3600, recurrence })], context);
    expect(text).toContain('RRULE:FREQ=WEEKLY;INTERVAL=2;UNTIL=20261116T170000Z\r\n');
    const { events: [event] } = parse(text);
    const ours = expandOccurrences({ startsAt, endsAt: startsAt + 3600, allDay: false, timeZone: MADRID, recurrence }, { from: 0, to: 4e9 }).map((o) => o.startDate);
    expect(icalStarts(event!)).toEqual(ours);
    expect(ours.at(-1)).toBe(epochOfWallClock('2026-11-16', 18 * 3600, MADRID));

    const allDay = rule({ freq: 'monthly', until: '2027-03-31', exceptions: ['2027-01-31'] });
    const dayText = renderIcs([record({ id: 5, allDay: true, timeZone: BOGOTA, startsAt: midnightOf('2026-10-31', BOGOTA), endsAt: midnightOf('2026-11-01', BOGOTA), recurrence: allDay })], context);
    expect(dayText).toContain('RRULE:FREQ=MONTHLY;INTERVAL=1;UNTIL=20270331\r\n');
    expect(dayText).toContain('EXDATE;VALUE=DATE:20270131\r\n');
    const { events: [dayEvent] } = parse(dayText);
    const iterator = dayEvent!.iterator();
    const dates: string[] = [];
    for (let next = iterator.next(); next; next = iterator.next()) dates.push(next.toString());
    expect(dates).toEqual(['2026-10-31', '2026-12-31', '2027-03-31']);
  });

  it('item 4 (issue 34): carries SEQUENCE and LAST-MODIFIED (UTC) that ical.js reads back', () => {
    const events = [
      record({ id: 20, startsAt: 1_780_000_000, endsAt: 1_780_003_600, sequence: 7, updatedAt: '2026-02-20T08:30:15.123Z' }),
      record({ id: 21, startsAt: 1_780_000_000, endsAt: 1_780_003_600, allDay: true, sequence: 0, updatedAt: 'not a date' }),
    ];
    const text = renderIcs(events, context);
    expect(text).toContain('SEQUENCE:7\r\n');
    expect(text).toContain('LAST-MODIFIED:20260220T083015Z\r\n');
    const { events: [timed, allDay] } = parse(text);
    expect(timed!.sequence).toBe(7);
    const modified = timed!.component.getFirstPropertyValue('last-modified') as ICAL.Time;
    expect(modified.zone?.tzid).toBe('UTC');
    expect(modified.toUnixTime()).toBe(Date.parse('2026-02-20T08:30:15Z') / 1000);
    // A stored instant that does not read as one leaves LAST-MODIFIED out rather than writing a wrong one.
    expect(allDay!.sequence).toBe(0);
    expect(allDay!.component.hasProperty('last-modified')).toBe(false);
  });

  it('item 4 (issue 34): removes control characters (NUL, C0 but tab and line feed, DEL, C1) from SUMMARY, DESCRIPTION and LOCATION', () => {
    const dirty = (word: string) => `\u0000${word}\u0001\u0007\u001b[31m\u007f\u0080\u0085\u009b\u009f\tfin\r\nlínea 2\rlínea 3`;
    const clean = (word: string) => `${word}[31m\tfin\nlínea 2\nlínea 3`;
    const text = renderIcs([record({ id: 22, startsAt: 1_780_000_000, endsAt: 1_780_003_600, title: dirty('Título'), secondary: dirty('Texto'), location: dirty('Aula') })], context, {
      name: 'Colegio\u0000\u0085 Demo',
    });
    // Outside line ends, only tab is left of C0, and nothing of DEL or C1, in the raw file.
    // eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/);
    const { calendar, events: [event] } = parse(text);
    expect(event!.summary).toBe(clean('Título'));
    expect(event!.description).toBe(`${clean('Texto')}\n\nhttps://patio.example.org/calendar/events/22`);
    expect(event!.location).toBe(clean('Aula'));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Colegio Demo');
    // A title of nothing but control characters is blank: the reader's default title.
    const blank = parse(renderIcs([record({ id: 23, startsAt: 1_780_000_000, endsAt: 1_780_003_600, title: '\u0000\u0085\u0007' })], context));
    expect(blank.events[0]!.summary).toBe('Sin título');
  });

  it('publishes a subscription with METHOD:PUBLISH, its name and a refresh interval, one VEVENT per event', () => {
    const a = record({ id: 10, startsAt: 1_780_000_000, endsAt: 1_780_003_600, postId: 4, threadId: 9, feed: 'posts' });
    const b = record({ id: 11, startsAt: 1_780_100_000, endsAt: 1_780_103_600, timeZone: BOGOTA });
    const text = renderIcs([a, b], context, { publish: true, name: 'Colegio\nDemo', refreshSeconds: 3600 });
    expect(text).toContain('METHOD:PUBLISH\r\n');
    expect(text).toContain('X-WR-CALNAME:Colegio Demo\r\n');
    expect(text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n');
    const { calendar, events } = parse(text);
    expect(events.map((e) => e.uid)).toEqual(['event-10@demo.patio', 'event-11@demo.patio']);
    expect(calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid')).sort()).toEqual([BOGOTA, MADRID]);
    expect(events[0]!.component.getFirstPropertyValue('url')).toBe('https://patio.example.org/calendar/threads/feed/9');
  });
});
