import { beforeAll, describe, expect, it } from 'vitest';
import type { SchoolTree, TestPerson } from '../../test/factories';
import { describeOnDatabases, type Org } from '../../test/harness';
import { calendarApi } from './calendar.fixtures';

// The window read (GET calendar/events): local dates of the school's zone, occurrences expanded with
// their wall-clock time kept across daylight-saving changes, flat and sorted.
describeOnDatabases('calendar window', (t) => {
  const call = calendarApi(t);
  let madrid: Org;
  let tree: SchoolTree;
  let teacher: TestPerson;
  let parent: TestPerson;

  /** Epoch seconds of a UTC wall-clock time. */
  const utc = (y: number, m: number, d: number, h = 0, min = 0) => Date.UTC(y, m - 1, d, h, min) / 1000;
  const windowOf = async (person: TestPerson, query: string) => {
    const res = await call(person, 'GET', `calendar/events?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: number; start: string; end: string; startDate: number; endDate: number; allDay: boolean; title: string; recurring: boolean; feed: string }[];
  };

  beforeAll(async () => {
    madrid = await t.makeSchool({ settings: { timeZone: 'Europe/Madrid' } });
    tree = await t.makeTree(madrid);
    teacher = await t.makePerson(madrid, { role: 'teacher', node: tree.classA, firstName: 'Teresa' });
    const student = await t.makePerson(madrid, { role: 'student', node: tree.classA, firstName: 'Alba' });
    parent = await t.makePerson(madrid, { relativeOf: student, gender: 'male', firstName: 'Pablo' });
  });

  it('keeps a weekly 10:00 at 10:00 local across the spring daylight-saving change (Europe/Madrid)', async () => {
    // Monday 16 March 2026, 10:00 CET (UTC+1); clocks go forward on Sunday 29 March.
    const start = utc(2026, 3, 16, 9);
    const created = await call(teacher, 'POST', 'calendar/events', {
      nodeId: tree.classA, title: 'Club de lectura', startDate: start, endDate: start + 3600, recurrence: { freq: 'weekly', count: 4 },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ timeZone: 'Europe/Madrid', start: '2026-03-16T10:00:00+01:00', end: '2026-03-16T11:00:00+01:00' });
    const items = (await windowOf(parent, 'start=2026-03-01&end=2026-05-01')).filter((e) => e.id === created.json().id);
    expect(items.map((e) => e.start)).toEqual(['2026-03-16T10:00:00+01:00', '2026-03-23T10:00:00+01:00', '2026-03-30T10:00:00+02:00', '2026-04-06T10:00:00+02:00']);
    expect(items.map((e) => e.end)).toEqual(['2026-03-16T11:00:00+01:00', '2026-03-23T11:00:00+01:00', '2026-03-30T11:00:00+02:00', '2026-04-06T11:00:00+02:00']);
    // A week across the change is one hour shorter in absolute time.
    expect(items[2].startDate - items[1].startDate).toBe(7 * 86_400 - 3600);
    expect(items.every((e) => e.recurring && e.feed === `node-${tree.classA}`)).toBe(true);
  });

  it('reads start and end as local dates of the school: an all-day event belongs to its own day', async () => {
    const created = await call(teacher, 'POST', 'calendar/events', { nodeId: tree.classA, title: 'Festivo', startDate: utc(2026, 6, 9, 12), allDay: true });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ allDay: true, start: '2026-06-09', end: '2026-06-10', startDate: utc(2026, 6, 8, 22), endDate: utc(2026, 6, 9, 22) });
    expect((await windowOf(parent, 'start=2026-06-09&end=2026-06-10')).map((e) => e.id)).toContain(id);
    expect((await windowOf(parent, 'start=2026-06-08&end=2026-06-09')).map((e) => e.id)).not.toContain(id);
    expect((await windowOf(parent, 'start=2026-06-10&end=2026-06-11')).map((e) => e.id)).not.toContain(id);
  });

  it('answers occurrences flat and sorted by start, with exceptions left out and an event that began before the window', async () => {
    const daily = await call(teacher, 'POST', 'calendar/events', {
      nodeId: tree.classA, title: 'Refuerzo', startDate: utc(2026, 9, 1, 14), endDate: utc(2026, 9, 1, 15), recurrence: { freq: 'daily', until: '2026-09-05', exceptions: ['2026-09-03'] },
    });
    const long = await call(teacher, 'POST', 'calendar/events', { nodeId: tree.classA, title: 'Campamento', startDate: utc(2026, 8, 30, 8), endDate: utc(2026, 9, 2, 16) });
    const items = await windowOf(parent, 'start=2026-09-01&end=2026-09-10');
    const ours = items.filter((e) => e.id === daily.json().id || e.id === long.json().id);
    expect(ours.map((e) => `${e.title} ${e.start.slice(0, 10)}`)).toEqual(['Campamento 2026-08-30', 'Refuerzo 2026-09-01', 'Refuerzo 2026-09-02', 'Refuerzo 2026-09-04', 'Refuerzo 2026-09-05']);
    expect(items.map((e) => e.startDate)).toEqual([...items.map((e) => e.startDate)].sort((a, b) => a - b));
  });

  it('refuses a window that ends before it starts, an empty one and one longer than 400 days', async () => {
    for (const [query, error] of [
      ['start=2026-05-02&end=2026-05-01', 'invalid_window'],
      ['start=2026-05-01&end=2026-05-01', 'invalid_window'],
      ['start=2026-01-01&end=2027-02-06', 'window_too_large'],
      ['start=2026-02-30&end=2026-03-05', 'invalid_request'],
      ['start=2026-05-01', 'invalid_request'],
      ['start=2026-05-01&end=2026-05-02&feed=nodes-1', 'invalid_request'],
    ] as const) {
      const res = await call(parent, 'GET', `calendar/events?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toBe(error);
    }
    expect((await call(parent, 'GET', 'calendar/events?start=2026-01-01&end=2027-02-05')).statusCode).toBe(200);
  });

  describe('event times', () => {
    const base = utc(2026, 11, 10, 9);
    const variants: [string, Record<string, unknown>, boolean][] = [
      ['allDay true', { allDay: true }, true],
      ['allDay 1', { allDay: 1 }, true],
      ["allDay '1'", { allDay: '1' }, true],
      ['allDay false', { allDay: false }, false],
      ['allDay 0', { allDay: 0 }, false],
      ["allDay '0'", { allDay: '0' }, false],
      ['no allDay', {}, false],
    ];
    for (const [label, flag, allDay] of variants) {
      it(`reads ${label} as ${allDay ? 'all day' : 'timed'}`, async () => {
        const res = await call(teacher, 'POST', 'calendar/events', { nodeId: tree.classA, title: label, startDate: base, endDate: base + 7200, ...flag });
        expect(res.statusCode, res.body).toBe(201);
        const event = res.json();
        expect(event.allDay).toBe(allDay);
        expect(event.start).toBe(allDay ? '2026-11-10' : '2026-11-10T10:00:00+01:00');
        expect(event.end).toBe(allDay ? '2026-11-11' : '2026-11-10T12:00:00+01:00');
      });
    }

    it('accepts the older shape (subject, dateStart, dateEnd, isAllDay)', async () => {
      const res = await call(teacher, 'POST', 'calendar/events', { nodeId: tree.classA, subject: 'Jornada pedagógica', dateStart: base, dateEnd: base + utc(1970, 1, 3), isAllDay: '1' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ title: 'Jornada pedagógica', allDay: true, start: '2026-11-10', end: '2026-11-13' });
    });

    it('keeps an exclusive all-day end at local midnight as it is', async () => {
      const res = await call(teacher, 'POST', 'calendar/events', { nodeId: tree.classA, title: 'Semana cultural', startDate: utc(2026, 11, 15, 23), endDate: utc(2026, 11, 18, 23), allDay: true });
      expect(res.json()).toMatchObject({ start: '2026-11-16', end: '2026-11-19' });
    });
  });
});
