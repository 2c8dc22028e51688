import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { findPersonIdByUsername } from '../../modules/people/people.queries';
import { seedDemoSchools } from './index';
import { parentsMeetingTitle } from './demo-calendar';

// The demo's calendar, read as the demo people read it: never empty, whatever day it was seeded.
describeOnDatabases(
  'the demo calendar',
  (t) => {
    it('shows the demo parent this month’s events, the parents’ meeting with answers, and nothing of norte', async () => {
      const orgId = async (code: string) => (await t.db.selectFrom('orgs').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
      const demo = await orgId('demo');
      const person = async (org: number, username: string) => (await findPersonIdByUsername(t.db, org, username))!;
      const get = async (code: string, id: number, path: string) => t.request({ method: 'GET', url: `/api/${code}/${path}`, token: await t.app.patio.tokens.sign(code, id) });
      const today = new Date();
      const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
      const window = `calendar/events?start=${day(-7)}&end=${day(35)}`;

      const parent = await person(demo, 'parent');
      const items = (await get('demo', parent, window)).json() as { id: number; title: string; allDay: boolean; recurring: boolean }[];
      const titles = new Set(items.map((e) => e.title));
      expect(titles).toEqual(new Set(['Día festivo: no hay clases', 'Semana cultural', 'Club de lectura 7A', parentsMeetingTitle]));
      expect(items.filter((e) => e.title === 'Club de lectura 7A').length).toBeGreaterThanOrEqual(5);

      const meeting = items.find((e) => e.title === parentsMeetingTitle)!;
      const detail = (await get('demo', parent, `calendar/events/${meeting.id}`)).json();
      expect(detail.rsvp).toEqual({ enabled: true, mine: null, going: 1, notGoing: 1 });
      const teacher = await person(demo, 'teacher');
      const answers = (await get('demo', teacher, `calendar/events/${meeting.id}/rsvps`)).json();
      expect([answers.going.length, answers.notGoing.length]).toEqual([1, 1]);

      const norte = await orgId('norte');
      const norteItems = (await get('norte', await person(norte, 'parent'), window)).json() as { title: string }[];
      expect(norteItems.map((e) => e.title)).toEqual(['Feria de la ciencia']);
      expect((await seedDemoSchools(t.db)).ran).toEqual([]);
    });
  },
  { seedDemo: true },
);
