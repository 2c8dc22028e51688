import { addDays, localDateOf } from '@patio/core/calendar/times';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases, type TestApp } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { csvRows, xlsxRows } from '../../platform/spreadsheet/spreadsheet.fixtures';
import { timeZoneOf } from '../settings/index';

// Issue 37 §1 and §3 on both databases: activities are nodes with details; families request places for
// their children (pending, or waiting with a position); capacity holds under 20 parallel requests;
// administrators accept and reject; the roster; every refusal writes nothing.

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describeOnDatabases('activities', (t: TestApp) => {
  let w: World;
  let coach: TestPerson;
  const call = async (who: TestPerson, method: Method, path: string, body?: unknown, school = who.org.code) =>
    t.request({ method, url: `/api/${school}/${path}`, token: await t.signIn(who), body });
  const today = () => localDateOf(Math.floor(Date.now() / 1000), timeZoneOf(w.school.settings));

  const body = (extra: Record<string, unknown> = {}) => ({
    name: 'Fútbol',
    description: '<p>Entrenamiento <strong>semanal</strong></p><script>alert(1)</script>',
    termFrom: addDays(today(), -30),
    termTo: addDays(today(), 120),
    schedule: [{ day: 2, start: '15:00', end: '16:30' }],
    place: 'Cancha norte',
    places: 2,
    eligibleNodeIds: [w.tree.grade],
    price: 50000,
    periods: [{ label: 'Febrero', dueDate: addDays(today(), 10) }],
    leaderId: coach.id,
    ...extra,
  });

  /** A fresh activity of the world's school made by its admin. */
  async function makeActivity(extra: Record<string, unknown> = {}) {
    const res = await call(w.admin, 'POST', 'activities', body(extra));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; places: number; placesLeft: number; waiting: number };
  }

  /** A fresh student of class A with a mother. */
  async function family(firstName = 'Nina', node?: number) {
    const student = await t.makePerson(w.school, { role: 'student', node: node ?? w.tree.classA, firstName });
    const parent = await t.makePerson(w.school, { relativeOf: student, gender: 'female', firstName: `Madre de ${firstName}` });
    return { student, parent };
  }

  const request = (who: TestPerson, activity: { id: number }, student: TestPerson) => call(who, 'POST', `activities/${activity.id}/requests`, { student: student.id });
  const decide = (activity: { id: number }, requestId: number, status: 'accepted' | 'rejected', who = w.admin) =>
    call(who, 'PUT', `activities/${activity.id}/requests/${requestId}`, { status });
  const requestsOf = async (activity: { id: number }) => (await call(w.admin, 'GET', `activities/${activity.id}/requests`)).json() as { id: number; student: { id: number }; status: string; position: number | null }[];
  const counts = async () => {
    const n = async (table: 'activities' | 'activity_requests' | 'nodes' | 'memberships') =>
      Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).where('org_id', '=', w.school.id).executeTakeFirstOrThrow()).n);
    return { activities: await n('activities'), requests: await n('activity_requests'), nodes: await n('nodes'), memberships: await n('memberships') };
  };
  const isMember = async (nodeId: number, person: TestPerson, role: string) =>
    (await t.db.selectFrom('memberships').select('id').where('org_id', '=', w.school.id).where('node_id', '=', nodeId).where('person_id', '=', person.id).where('role', '=', role).executeTakeFirst()) !== undefined;

  beforeAll(async () => {
    w = await makeWorld(t);
    coach = await t.makePerson(w.school, { firstName: 'Camilo', lastName: 'Entrenador', gender: 'male' });
  });

  describe('activities', () => {
    it('item 1: an administrator creates, reads, replaces and deletes an activity; it is a node of type activity led by its leader', async () => {
      const created = await makeActivity({ routeId: w.route });
      expect(created).toMatchObject({
        name: 'Fútbol',
        description: '<p>Entrenamiento <strong>semanal</strong></p>',
        schedule: [{ day: 2, start: '15:00', end: '16:30' }],
        place: 'Cancha norte',
        places: 2,
        placesLeft: 2,
        waiting: 0,
        eligible: [{ id: w.tree.grade, name: 'Third' }],
        price: 50000,
        currency: 'COP',
        leader: { id: coach.id, name: expect.stringContaining('Camilo') },
        route: { id: w.route, name: 'Route 1' },
        children: [],
      });
      const node = await t.db
        .selectFrom('nodes')
        .innerJoin('node_types', (j) => j.onRef('node_types.org_id', '=', 'nodes.org_id').onRef('node_types.id', '=', 'nodes.type_id'))
        .select(['nodes.name', 'nodes.parent_id', 'node_types.key'])
        .where('nodes.org_id', '=', w.school.id)
        .where('nodes.id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(node).toEqual({ name: 'Fútbol', parent_id: w.tree.root, key: 'activity' });
      expect(await isMember(created.id, coach, 'teacher')).toBe(true);

      const read = await call(w.parentA, 'GET', `activities/${created.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json().children).toEqual([{ student: { id: w.studentA.id, name: expect.stringContaining('Alba') }, eligible: true, request: null }]);

      const put = await call(w.admin, 'PUT', `activities/${created.id}`, body({ name: 'Fútbol sala', leaderId: w.teacherB.id, places: 5, routeId: null }));
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toMatchObject({ name: 'Fútbol sala', places: 5, placesLeft: 5, leader: { id: w.teacherB.id }, route: null });
      expect(await isMember(created.id, coach, 'teacher')).toBe(false);
      expect(await isMember(created.id, w.teacherB, 'teacher')).toBe(true);

      expect((await call(w.admin, 'DELETE', `activities/${created.id}`)).statusCode).toBe(204);
      expect((await call(w.admin, 'GET', `activities/${created.id}`)).statusCode).toBe(404);
      expect((await call(w.admin, 'DELETE', `activities/${created.id}`)).statusCode).toBe(404);
      expect(await t.db.selectFrom('nodes').select('id').where('org_id', '=', w.school.id).where('id', '=', created.id).executeTakeFirst()).toBeUndefined();
    });

    it('item 1: bad input, foreign ids and huge or NUL-laden text are refused with a clear code and write nothing', async () => {
      const norteNode = (await t.db.selectFrom('nodes').select('id').where('org_id', '=', w.otherSchool.id).executeTakeFirstOrThrow()).id;
      const existing = await makeActivity();
      const before = await counts();
      const refusals: [Record<string, unknown>, string][] = [
        [{ termFrom: '2026-05-01', termTo: '2026-04-30' }, 'bad_term'],
        [{ schedule: [{ day: 1, start: '10:00', end: '11:00' }, { day: 3, start: '16:00', end: '15:00' }] }, 'bad_schedule'],
        [{ schedule: [{ day: 1, start: '10:00', end: '10:00' }] }, 'bad_schedule'],
        [{ eligibleNodeIds: [w.tree.classA, norteNode] }, 'unknown_node'],
        [{ eligibleNodeIds: [2_000_000_000] }, 'unknown_node'],
        [{ eligibleNodeIds: [existing.id] }, 'unknown_node'],
        [{ leaderId: w.otherAdmin.id }, 'unknown_leader'],
        [{ routeId: w.tree.classA }, 'unknown_route'],
        [{ name: 'a\u0000b' }, 'invalid_characters'],
        [{ description: '<p>a\u0000b</p>' }, 'invalid_characters'],
        [{ place: 'x\u0000' }, 'invalid_characters'],
        [{ name: 'x'.repeat(121) }, 'invalid_request'],
        [{ description: 'x'.repeat(100_001) }, 'invalid_request'],
        [{ places: 0 }, 'invalid_request'],
        [{ schedule: [{ day: 8, start: '10:00', end: '11:00' }] }, 'invalid_request'],
        [{ schedule: [{ day: 1, start: '25:00', end: '26:00' }] }, 'invalid_request'],
        [{ termFrom: '2026-02-30' }, 'invalid_request'],
        [{ price: -1 }, 'invalid_request'],
        [{ eligibleNodeIds: [] }, 'invalid_request'],
        [{ extra: true }, 'invalid_request'],
      ];
      for (const [extra, code] of refusals) {
        const created = await call(w.admin, 'POST', 'activities', body(extra));
        expect(created.statusCode, JSON.stringify(extra).slice(0, 100)).toBe(400);
        expect(created.json().error, JSON.stringify(extra).slice(0, 100)).toBe(code);
        const replaced = await call(w.admin, 'PUT', `activities/${existing.id}`, body(extra));
        expect(replaced.json().error, JSON.stringify(extra).slice(0, 100)).toBe(code);
      }
      const huge = await call(w.admin, 'POST', 'activities', body({ description: 'x'.repeat(2_000_000) }));
      expect(huge.statusCode).toBe(413);
      expect(huge.json()).toMatchObject({ error: 'payload_too_large' });
      expect(await counts()).toEqual(before);
      expect((await call(w.admin, 'GET', `activities/${existing.id}`)).json()).toMatchObject({ name: 'Fútbol', places: 2 });
    });

    it('item 1: only administrators of the school write activities; another school sees none of them', async () => {
      const activity = await makeActivity();
      const before = await counts();
      for (const who of [w.teacherA, w.parentA, w.studentA, w.employee, coach]) {
        expect((await call(who, 'POST', 'activities', body())).statusCode).toBe(403);
        expect((await call(who, 'PUT', `activities/${activity.id}`, body({ places: 9 }))).statusCode).toBe(403);
        expect((await call(who, 'DELETE', `activities/${activity.id}`)).statusCode).toBe(403);
      }
      // Norte's administrator: a token of another school on this one, and this school's ids on norte.
      expect((await call(w.otherAdmin, 'POST', 'activities', body(), w.school.code)).statusCode).toBe(403);
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await call(w.otherAdmin, method, `activities/${activity.id}`, method === 'PUT' ? body() : undefined);
        expect(res.statusCode, method).toBe(404);
      }
      expect((await call(w.otherAdmin, 'GET', 'activities')).json()).toEqual([]);
      const registrant = await makeRegistrant(t, w.school);
      expect((await call(registrant, 'GET', 'activities')).statusCode).toBe(403);
      expect(await counts()).toEqual(before);
    });
  });

  describe('catalogue', () => {
    it("item 2: the term's catalogue with places left, and for a relative each of their own children with eligibility and request", async () => {
      const grade = await makeActivity({ name: 'Ajedrez', places: 3 });
      const onlyB = await makeActivity({ name: 'Baloncesto', eligibleNodeIds: [w.tree.classB] });
      const past = await makeActivity({ name: 'Canto', termFrom: addDays(today(), -200), termTo: addDays(today(), -100) });
      expect((await request(w.parentA, grade, w.studentA)).statusCode).toBe(201);

      const list = await call(w.parentA, 'GET', 'activities');
      expect(list.statusCode).toBe(200);
      const byId = new Map((list.json() as { id: number }[]).map((a) => [a.id, a as Record<string, unknown>]));
      expect(byId.has(past.id)).toBe(false);
      const requestId = (await requestsOf(grade))[0].id;
      expect(byId.get(grade.id)).toMatchObject({
        placesLeft: 2,
        waiting: 0,
        children: [{ student: { id: w.studentA.id }, eligible: true, request: { id: requestId, status: 'pending', position: null } }],
      });
      expect(byId.get(onlyB.id)).toMatchObject({ children: [{ student: { id: w.studentA.id }, eligible: false, request: null }] });

      // Another family sees its own child only; staff and students see no children.
      const parentB = (await call(w.parentB, 'GET', 'activities')).json() as { id: number; children: { student: { id: number }; eligible: boolean; request: unknown }[] }[];
      expect(parentB.find((a) => a.id === grade.id)!.children).toEqual([{ student: { id: w.studentB.id, name: expect.any(String) }, eligible: true, request: null }]);
      expect(parentB.find((a) => a.id === onlyB.id)!.children[0].eligible).toBe(true);
      for (const who of [w.admin, w.teacherA, w.studentA, w.driver]) {
        const seen = (await call(who, 'GET', 'activities')).json() as { id: number; children: unknown[] }[];
        expect(seen.map((a) => a.id)).toEqual(expect.arrayContaining([grade.id, onlyB.id]));
        expect(seen.every((a) => a.children.length === 0)).toBe(true);
      }

      const then = (await call(w.parentA, 'GET', `activities?term=${addDays(today(), -150)}`)).json() as { id: number }[];
      expect(then.map((a) => a.id)).toContain(past.id);
      expect(then.map((a) => a.id)).not.toContain(grade.id);
      for (const term of ['2026-13-01', 'yesterday', '2026-02-30']) {
        expect((await call(w.parentA, 'GET', `activities?term=${term}`)).json().error).toBe('invalid_request');
      }
    });
  });

  describe('requests', () => {
    it('item 3: pending while places last, then waiting with a position; ineligible, another family and a second request are refused', async () => {
      // On Saturdays: student A's other requests meet on weekdays, so no warning here.
      const activity = await makeActivity({ places: 1, schedule: [{ day: 6, start: '09:00', end: '11:00' }] });
      const first = await request(w.parentA, activity, w.studentA);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toEqual({ id: expect.any(Number), status: 'pending', position: null, warnings: [] });
      const second = await request(w.parentB, activity, w.studentB);
      expect(second.json()).toEqual({ id: expect.any(Number), status: 'waiting', position: 1, warnings: [] });
      expect((await call(w.parentA, 'GET', `activities/${activity.id}`)).json()).toMatchObject({ placesLeft: 0, waiting: 1 });

      const before = await counts();
      const refused = async (who: TestPerson, student: TestPerson, status: number, code: string) => {
        const res = await request(who, activity, student);
        expect(res.statusCode, `${who.firstName} for ${student.firstName}`).toBe(status);
        expect(res.json().error).toBe(code);
      };
      await refused(w.parentA, w.studentA, 409, 'already_requested');
      await refused(w.parentA, w.studentB, 403, 'forbidden');
      await refused(w.riderParent, w.rider, 400, 'not_eligible');
      await refused(w.studentA, w.studentA, 403, 'forbidden');
      await refused(w.admin, w.studentA, 403, 'forbidden');
      await refused(w.teacherA, w.studentA, 403, 'forbidden');
      const registrant = await makeRegistrant(t, w.school);
      await t.relate(registrant, w.studentA);
      await refused(registrant, w.studentA, 403, 'registration_pending');
      const withdrawnStudent = await family('Wanda');
      await t.db.updateTable('memberships').set({ enrollment_status: 'withdrawn' }).where('org_id', '=', w.school.id).where('person_id', '=', withdrawnStudent.student.id).execute();
      await refused(withdrawnStudent.parent, withdrawnStudent.student, 400, 'not_eligible');
      expect((await call(w.otherAdmin, 'POST', `activities/${activity.id}/requests`, { student: w.studentA.id }, w.school.code)).statusCode).toBe(403);
      expect((await call(w.otherAdmin, 'POST', `activities/${activity.id}/requests`, { student: w.studentA.id })).statusCode).toBe(404);
      for (const bad of [{}, { student: 'x' }, { student: w.studentA.id, extra: 1 }, { student: -1 }]) {
        expect((await call(w.parentA, 'POST', `activities/${activity.id}/requests`, bad)).json().error).toBe('invalid_request');
      }
      const ended = await makeActivity({ termFrom: addDays(today(), -60), termTo: addDays(today(), -1) });
      const late = await request(w.parentA, ended, w.studentA);
      expect(late.statusCode).toBe(409);
      expect(late.json().error).toBe('activity_ended');
      expect((await counts()).requests).toBe(before.requests);
      expect(await requestsOf(activity)).toHaveLength(2);

      // Where the school allows it, a student requests for themself.
      expect((await call(w.studentA, 'PUT', 'settings/activities', { studentsRequest: true })).statusCode).toBe(403);
      const on = await call(w.admin, 'PUT', 'settings/activities', { studentsRequest: true });
      expect(on.json()).toEqual({ studentsRequest: true });
      try {
        expect((await call(w.studentB, 'GET', 'settings/activities')).json()).toEqual({ studentsRequest: true });
        const own = await family('Olga');
        const self = await request(own.student, activity, own.student);
        expect(self.json()).toMatchObject({ status: 'waiting', position: 2 });
        expect((await request(own.student, activity, w.studentA)).statusCode).toBe(403);
      } finally {
        await call(w.admin, 'PUT', 'settings/activities', { studentsRequest: false });
      }
    });

    it('item 3: accepting adds the student to the activity and never passes the places; withdrawals and rejections move the list up', async () => {
      const activity = await makeActivity({ places: 1 });
      const a = { student: w.studentA, parent: w.parentA };
      const b = { student: w.studentB, parent: w.parentB };
      const c = await family('Carla');
      const ra = (await request(a.parent, activity, a.student)).json().id as number;
      const rb = (await request(b.parent, activity, b.student)).json().id as number;
      const rc = (await request(c.parent, activity, c.student)).json().id as number;

      const full = await decide(activity, rb, 'accepted');
      expect(full.statusCode).toBe(409);
      expect(full.json().error).toBe('activity_full');
      expect((await decide(activity, ra, 'accepted', w.teacherA)).statusCode).toBe(403);
      expect((await decide(activity, ra, 'accepted', coach)).statusCode).toBe(403);

      const accepted = await decide(activity, ra, 'accepted');
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json()).toMatchObject({ id: ra, status: 'accepted', position: null, student: { id: a.student.id }, group: { id: w.tree.classA, name: '3A' }, requestedBy: { id: a.parent.id } });
      expect(await isMember(activity.id, a.student, 'student')).toBe(true);
      // The activity is a group like any other: its leader takes its roll, which lists the accepted student.
      const roll = await call(coach, 'GET', `attendance/checkpoints/${activity.id}/log`);
      expect(roll.statusCode, roll.body).toBe(200);
      expect(roll.json()).toMatchObject({ canMark: true, students: [{ person: { id: a.student.id } }] });
      expect(roll.json().students).toHaveLength(1);
      expect((await call(w.teacherB, 'GET', `attendance/checkpoints/${activity.id}/log`)).statusCode).toBe(403);
      expect((await decide(activity, ra, 'accepted')).statusCode).toBe(200);
      expect((await decide(activity, ra, 'rejected')).json().error).toBe('request_decided');
      expect((await requestsOf(activity)).map((r) => [r.id, r.status, r.position])).toEqual([
        [ra, 'accepted', null],
        [rb, 'waiting', 1],
        [rc, 'waiting', 2],
      ]);
      // The leader reads the list too; another teacher does not.
      expect((await call(coach, 'GET', `activities/${activity.id}/requests`)).statusCode).toBe(200);
      expect((await call(w.teacherB, 'GET', `activities/${activity.id}/requests`)).statusCode).toBe(403);

      // Another family may not withdraw; the family does, and C moves up.
      expect((await call(w.parentA, 'DELETE', `activities/${activity.id}/requests/${rb}`)).statusCode).toBe(403);
      expect((await call(b.parent, 'DELETE', `activities/${activity.id}/requests/${rb}`)).statusCode).toBe(204);
      expect((await call(b.parent, 'DELETE', `activities/${activity.id}/requests/${rb}`)).statusCode).toBe(204);
      expect((await requestsOf(activity)).map((r) => [r.id, r.status, r.position])).toEqual([
        [ra, 'accepted', null],
        [rc, 'waiting', 1],
        [rb, 'withdrawn', null],
      ]);

      // The accepted student withdraws: they leave the group and the place is offered to the first who waits (activities.offers.test.ts).
      expect((await call(a.parent, 'DELETE', `activities/${activity.id}/requests/${ra}`)).statusCode).toBe(204);
      expect(await isMember(activity.id, a.student, 'student')).toBe(false);
      expect((await call(w.admin, 'GET', `activities/${activity.id}`)).json()).toMatchObject({ placesLeft: 0, waiting: 0 });
      expect((await requestsOf(activity)).find((r) => r.id === rc)).toMatchObject({ status: 'offered', position: null });
      const later = await family('Lucía');
      expect((await request(later.parent, activity, later.student)).json()).toMatchObject({ status: 'waiting', position: 1 });
      expect((await decide(activity, rc, 'accepted')).json()).toMatchObject({ status: 'accepted' });
      expect(await isMember(activity.id, c.student, 'student')).toBe(true);
      const rl = (await requestsOf(activity)).find((r) => r.student.id === later.student.id)!;
      expect(rl).toMatchObject({ status: 'waiting', position: 1 });

      // A rejection closes the request; a closed request is neither withdrawn nor decided again. A new request may follow.
      expect((await decide(activity, rl.id, 'rejected')).json()).toMatchObject({ status: 'rejected', position: null });
      expect((await call(later.parent, 'DELETE', `activities/${activity.id}/requests/${rl.id}`)).json().error).toBe('request_closed');
      expect((await decide(activity, rl.id, 'accepted')).json().error).toBe('request_decided');
      expect((await request(a.parent, activity, a.student)).json()).toMatchObject({ status: 'waiting', position: 1 });

      // Places below the accepted count: 409, nothing changed.
      const two = await makeActivity({ places: 2 });
      for (const f of [a, b]) await decide(two, (await request(f.parent, two, f.student)).json().id, 'accepted');
      const shrink = await call(w.admin, 'PUT', `activities/${two.id}`, body({ places: 1, name: 'Menos' }));
      expect(shrink.statusCode).toBe(409);
      expect(shrink.json().error).toBe('capacity_below_accepted');
      expect((await call(w.admin, 'GET', `activities/${two.id}`)).json()).toMatchObject({ name: 'Fútbol', places: 2, placesLeft: 0 });
      expect((await call(w.admin, 'PUT', `activities/${two.id}`, body({ places: 2, name: 'Igual' }))).statusCode).toBe(200);

      // A request of another activity is not found through this one.
      expect((await decide(two, rc, 'rejected')).statusCode).toBe(404);
      expect((await call(c.parent, 'DELETE', `activities/${two.id}/requests/${rc}`)).statusCode).toBe(404);
    });

    it('item 3: 20 parallel requests for the last place: exactly one gets it, the others wait at 1..19 in order', async () => {
      const activity = await makeActivity({ places: 2 });
      expect((await request(w.parentA, activity, w.studentA)).json().status).toBe('pending');
      const families = await Promise.all(Array.from({ length: 20 }, (_, i) => family(`Par${i}`)));
      const tokens = await Promise.all(families.map((f) => t.signIn(f.parent)));
      const answers = await Promise.all(
        families.map((f, i) => t.request({ method: 'POST', url: `/api/${w.school.code}/activities/${activity.id}/requests`, token: tokens[i], body: { student: f.student.id } })),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
      const created = answers.map((r) => r.json() as { id: number; status: string; position: number | null });
      expect(created.filter((r) => r.status === 'pending')).toHaveLength(1);
      const waiting = created.filter((r) => r.status === 'waiting').sort((x, y) => x.id - y.id);
      expect(waiting.map((r) => r.position)).toEqual(Array.from({ length: 19 }, (_, i) => i + 1));
      expect((await call(w.admin, 'GET', `activities/${activity.id}`)).json()).toMatchObject({ placesLeft: 0, waiting: 19 });

      // 20 identical requests for one student: one request.
      const solo = await family('Única');
      const token = await t.signIn(solo.parent);
      const same = await Promise.all(
        Array.from({ length: 20 }, () => t.request({ method: 'POST', url: `/api/${w.school.code}/activities/${activity.id}/requests`, token, body: { student: solo.student.id } })),
      );
      expect(same.filter((r) => r.statusCode === 201)).toHaveLength(1);
      expect(same.filter((r) => r.statusCode === 409).every((r) => r.json().error === 'already_requested')).toBe(true);
      expect(same.filter((r) => r.statusCode === 409)).toHaveLength(19);
      expect(same.find((r) => r.statusCode === 201)!.json()).toMatchObject({ status: 'waiting', position: 20 });

      // Accepting everyone in parallel never passes the places either: only the two pending requests hold one.
      const list = await requestsOf(activity);
      const decisions = await Promise.all(list.filter((r) => r.status !== 'accepted').map((r) => decide(activity, r.id, 'accepted')));
      expect(decisions.filter((r) => r.statusCode === 200)).toHaveLength(2);
      expect(decisions.filter((r) => r.statusCode === 409).every((r) => r.json().error === 'activity_full')).toBe(true);
      const after = await requestsOf(activity);
      expect(after.filter((r) => r.status === 'accepted')).toHaveLength(2);
      expect(after.filter((r) => r.status === 'waiting').map((r) => r.position)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    });

    it("item 3: a request warns when the student's accepted or pending activities meet it in the week", async () => {
      const tuesday = await makeActivity({ name: 'Robótica', schedule: [{ day: 2, start: '15:00', end: '16:30' }] });
      const meets = await makeActivity({ name: 'Teatro', schedule: [{ day: 4, start: '08:00', end: '09:00' }, { day: 2, start: '16:00', end: '17:00' }] });
      const touches = await makeActivity({ name: 'Danza', schedule: [{ day: 2, start: '16:30', end: '17:30' }] });
      const otherTerm = await makeActivity({ name: 'Pintura', termFrom: addDays(today(), 200), termTo: addDays(today(), 300) });
      const f = await family('Sofía');
      expect((await request(f.parent, tuesday, f.student)).json().warnings).toEqual([]);
      expect((await request(f.parent, touches, f.student)).json().warnings).toEqual([]);
      expect((await request(f.parent, otherTerm, f.student)).json().warnings).toEqual([]);
      expect((await request(f.parent, meets, f.student)).json().warnings).toEqual(['schedule_overlap']);
      // A withdrawn activity no longer counts.
      const g = await family('Gael');
      const r = (await request(g.parent, tuesday, g.student)).json().id;
      await call(g.parent, 'DELETE', `activities/${tuesday.id}/requests/${r}`);
      expect((await request(g.parent, meets, g.student)).json().warnings).toEqual([]);
    });
  });

  describe('roster', () => {
    it("item 4: the roster lists the accepted students with their group and family, formula-safe, for administrators and the leader", async () => {
      const activity = await makeActivity({ name: 'Natación', places: 5 });
      const tricky = await t.makePerson(w.school, { role: 'student', node: w.tree.classB, firstName: '=HYPERLINK("http://x","y")', lastName: 'Zapata' });
      const trickyParent = await t.makePerson(w.school, { relativeOf: tricky, firstName: 'Zoe', gender: 'female' });
      const pending = await family('Pendiente');
      for (const [parent, student] of [[w.parentA, w.studentA], [trickyParent, tricky]] as const) {
        await decide(activity, (await request(parent, activity, student)).json().id, 'accepted');
      }
      await request(pending.parent, activity, pending.student);

      const res = await call(w.admin, 'GET', `activities/${activity.id}/roster.csv?lang=en`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Natacion\.csv"/);
      const rows = csvRows(res.body, ',');
      expect(rows[0]).toEqual(['First names', 'Last name', 'Second last name', 'Group', 'Family', 'Email']);
      expect(rows).toHaveLength(3);
      const alba = rows.find((r) => r[0] === 'Alba')!;
      expect(alba).toEqual(['Alba', w.studentA.lastName, '', '3A', expect.stringContaining('Pablo'), `${w.parentA.username}@example.com`]);
      // A registration the school has not approved is nobody's family yet.
      expect(res.body).not.toContain('Renata');
      const z = rows.find((r) => r[1] === 'Zapata')!;
      expect(z[0]).toBe('=HYPERLINK("http://x","y")');
      expect(res.body).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
      expect(z[3]).toBe('3B');
      expect(res.body).not.toContain('Pendiente');

      const es = await call(coach, 'GET', `activities/${activity.id}/roster.csv`);
      expect(es.statusCode).toBe(200);
      expect(es.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Nombres;Primer apellido;Segundo apellido;Grupo;Familia;Correo electrónico');
      const xlsx = await t.app.inject({ method: 'GET', url: `/api/${w.school.code}/activities/${activity.id}/roster.csv?format=xlsx&lang=en`, headers: { authorization: `Bearer ${await t.signIn(w.admin)}` } });
      expect(xlsx.statusCode).toBe(200);
      expect((await xlsxRows(xlsx.rawPayload, '.')).length).toBe(3);
      for (const who of [w.teacherA, w.parentA, w.studentA, w.employee]) {
        expect((await call(who, 'GET', `activities/${activity.id}/roster.csv`)).statusCode).toBe(403);
      }
      expect((await call(w.otherAdmin, 'GET', `activities/${activity.id}/roster.csv`)).statusCode).toBe(404);
    });
  });
});
