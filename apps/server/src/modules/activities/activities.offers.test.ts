import { addDays, localDateOf } from '@patio/core/calendar/times';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases, type TestApp } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { giveAddresses, useMailAndPush } from '../notifications/notifications.fixtures';
import { timeZoneOf } from '../settings/index';
import { expireOffer, OFFER_MS } from './activities.offers';
import { isoWeekday } from './activities.sessions';

// Issue 37 §1 on both databases, the second round: accepting bills the activity's periods through
// billing and leaving cancels what nobody paid yet; a freed place is offered to the first waiting for
// 48 h (told to the family, confirmed, declined or lapsed by its job); every session's roll is the
// activity's checkpoint, taken by its leader even when they are an outside instructor.

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const mailAndPush = await useMailAndPush();

describeOnDatabases(
  'activity fees, offers and sessions',
  (t: TestApp) => {
    let w: World;
    let coach: TestPerson;
    const call = async (who: TestPerson, method: Method, path: string, body?: unknown, school = w.school.code) =>
      t.request({ method, url: `/api/${school}/${path}`, token: await t.signIn(who), body });
    const today = () => localDateOf(Math.floor(Date.now() / 1000), timeZoneOf(w.school.settings));

    async function makeActivity(extra: Record<string, unknown> = {}) {
      const res = await call(w.admin, 'POST', 'activities', {
        name: 'Fútbol',
        termFrom: addDays(today(), -30),
        termTo: addDays(today(), 120),
        schedule: [{ day: 2, start: '15:00', end: '16:30' }],
        places: 1,
        eligibleNodeIds: [w.tree.grade],
        price: 50000,
        periods: [
          { label: 'Enero', dueDate: addDays(today(), -5) },
          { label: 'Marzo', dueDate: addDays(today(), 10) },
          { label: 'Abril', dueDate: addDays(today(), 40) },
        ],
        leaderId: coach.id,
        ...extra,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number };
    }

    let families = 0;
    /** A fresh student of class A with a mother who reads mail in Spanish. */
    async function family() {
      families++;
      const student = await t.makePerson(w.school, { role: 'student', node: w.tree.classA, firstName: `Niña${families}` });
      const parent = await t.makePerson(w.school, { relativeOf: student, gender: 'female', firstName: `Madre${families}` });
      await giveAddresses(t, parent, { email: `madre${families}-${t.kind.name}@example.org`, language: 'es' });
      return { student, parent, email: `madre${families}-${t.kind.name}@example.org` };
    }
    type Family = Awaited<ReturnType<typeof family>>;

    async function ask(activity: { id: number }, f: Family) {
      const res = await call(f.parent, 'POST', `activities/${activity.id}/requests`, { student: f.student.id });
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: number; status: string; position: number | null };
    }
    const decide = (activity: { id: number }, requestId: number, status: 'accepted' | 'rejected') =>
      call(w.admin, 'PUT', `activities/${activity.id}/requests/${requestId}`, { status });
    const confirm = (who: TestPerson, activity: { id: number }, requestId: number) => call(who, 'POST', `activities/${activity.id}/requests/${requestId}/confirm`);
    const decline = (who: TestPerson, activity: { id: number }, requestId: number) => call(who, 'POST', `activities/${activity.id}/requests/${requestId}/decline`);
    const withdraw = (who: TestPerson, activity: { id: number }, requestId: number) => call(who, 'DELETE', `activities/${activity.id}/requests/${requestId}`);
    const requestsOf = async (activity: { id: number }) =>
      (await call(w.admin, 'GET', `activities/${activity.id}/requests`)).json() as { id: number; status: string; position: number | null; offerExpiresAt?: number | null }[];
    const statusOf = async (activity: { id: number }, requestId: number) => (await requestsOf(activity)).find((r) => r.id === requestId)!;
    const debitsOf = async (student: TestPerson) =>
      (
        await t.db
          .selectFrom('billing_debits')
          .select(['id', 'description', 'period', 'expiration_date', 'value', 'paid'])
          .where('org_id', '=', w.school.id)
          .where('person_id', '=', student.id)
          .orderBy('expiration_date')
          .execute()
      ).map((d) => ({ ...d, value: Number(d.value), paid: Number(d.paid) }));
    const isMember = async (nodeId: number, person: TestPerson) =>
      (await t.db.selectFrom('memberships').select('id').where('org_id', '=', w.school.id).where('node_id', '=', nodeId).where('person_id', '=', person.id).where('role', '=', 'student').executeTakeFirst()) !== undefined;
    const offerRow = (requestId: number) =>
      t.db.selectFrom('activity_requests').select(['status', 'offer_expires_at']).where('org_id', '=', w.school.id).where('id', '=', requestId).executeTakeFirstOrThrow();
    const expiryJob = (requestId: number) =>
      t.db.selectFrom('jobs').select(['run_at', 'state']).where('kind', '=', 'activities.offer_expiry').where('key', '=', `activities.offer_expiry:${w.school.id}:${requestId}`).executeTakeFirst();

    beforeAll(async () => {
      w = await makeWorld(t);
      coach = await t.makePerson(w.school, { firstName: 'Camilo', lastName: 'Instructor', gender: 'male' });
    });

    describe('fees', () => {
      it('item 1: accepting bills one debit per period still to fall due, named for the activity and the period; the family sees them; a free activity bills nothing', async () => {
        const activity = await makeActivity();
        const f = await family();
        const req = await ask(activity, f);
        const accepted = await decide(activity, req.id, 'accepted');
        expect(accepted.statusCode, accepted.body).toBe(200);
        const debits = await debitsOf(f.student);
        expect(debits.map((d) => [d.description, d.expiration_date, d.value, d.period])).toEqual([
          ['Fútbol — Marzo', addDays(today(), 10), 50000, addDays(today(), 10).slice(0, 7)],
          ['Fútbol — Abril', addDays(today(), 40), 50000, addDays(today(), 40).slice(0, 7)],
        ]);
        const concepts = await t.db.selectFrom('billing_debit_concepts').select('name').where('org_id', '=', w.school.id).where('debit_id', 'in', debits.map((d) => d.id)).orderBy('debit_id').execute();
        expect(concepts.map((c) => c.name)).toEqual(['Actividad extracurricular: Fútbol — Marzo', 'Actividad extracurricular: Fútbol — Abril']);
        // The family's billing shows them, as any debit.
        const pending = await call(f.parent, 'GET', `people/${f.student.id}/billing/debits/pending`);
        expect(pending.statusCode, pending.body).toBe(200);
        expect((pending.json() as { description: string }[]).map((d) => d.description).sort()).toEqual(['Fútbol — Abril', 'Fútbol — Marzo']);

        const free = await makeActivity({ name: 'Ajedrez', price: 0 });
        const g = await family();
        const freeReq = await ask(free, g);
        expect((await decide(free, freeReq.id, 'accepted')).statusCode).toBe(200);
        expect(await debitsOf(g.student)).toEqual([]);
      });

      it('item 1: 20 parallel acceptances of one request bill each period once', async () => {
        const activity = await makeActivity({ name: 'Natación' });
        const f = await family();
        const req = await ask(activity, f);
        const answers = await Promise.all(Array.from({ length: 20 }, () => decide(activity, req.id, 'accepted')));
        expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
        expect((await debitsOf(f.student)).map((d) => d.description)).toEqual(['Natación — Marzo', 'Natación — Abril']);
        const links = await t.db.selectFrom('activity_debits').select('period').where('org_id', '=', w.school.id).where('request_id', '=', req.id).execute();
        expect(links.map((l) => l.period).sort()).toEqual(['Abril', 'Marzo']);
      });

      it('item 1: withdrawing cancels the future unpaid debits and keeps the paid, the partly paid and the overdue ones', async () => {
        const activity = await makeActivity({
          name: 'Robótica',
          periods: [
            { label: 'P1', dueDate: addDays(today(), 5) },
            { label: 'P2', dueDate: addDays(today(), 10) },
            { label: 'P3', dueDate: addDays(today(), 20) },
            { label: 'P4', dueDate: addDays(today(), 30) },
          ],
        });
        const f = await family();
        const req = await ask(activity, f);
        expect((await decide(activity, req.id, 'accepted')).statusCode).toBe(200);
        const [p1, p2, p3, p4] = await debitsOf(f.student);
        const pay = async (debitId: number, value: number) => {
          const res = await call(w.admin, 'POST', `people/${f.student.id}/billing/credits`, { method: 'cash', value, date: today(), debitId });
          expect(res.statusCode, res.body).toBe(201);
        };
        await pay(p1!.id, 50000);
        await pay(p2!.id, 10000);
        // P3 fell due meanwhile and nobody paid it: what is owed stays owed.
        await t.db.updateTable('billing_debits').set({ expiration_date: addDays(today(), -1) }).where('org_id', '=', w.school.id).where('id', '=', p3!.id).execute();

        expect((await withdraw(f.parent, activity, req.id)).statusCode).toBe(204);
        expect((await debitsOf(f.student)).map((d) => [d.description, d.paid])).toEqual([
          ['Robótica — P3', 0],
          ['Robótica — P1', 50000],
          ['Robótica — P2', 10000],
        ]);
        expect(await t.db.selectFrom('billing_debit_concepts').select('id').where('org_id', '=', w.school.id).where('debit_id', '=', p4!.id).execute()).toEqual([]);
        expect(await isMember(activity.id, f.student)).toBe(false);
        // Withdrawn again: nothing more happens.
        expect((await withdraw(f.parent, activity, req.id)).statusCode).toBe(204);
        expect(await debitsOf(f.student)).toHaveLength(3);
      });
    });

    describe('offers', () => {
      it('item 2: a withdrawal offers the place to the first waiting for 48 h, told to the family; only that family confirms, which accepts and bills once', async () => {
        const activity = await makeActivity({ name: 'Teatro' });
        const [a, b, c] = [await family(), await family(), await family()];
        const ra = await ask(activity, a);
        const rb = await ask(activity, b);
        const rc = await ask(activity, c);
        expect([ra.status, rb.position, rc.position]).toEqual(['pending', 1, 2]);
        expect((await decide(activity, ra.id, 'accepted')).statusCode).toBe(200);

        const before = Date.now();
        expect((await withdraw(a.parent, activity, ra.id)).statusCode).toBe(204);
        const offered = await statusOf(activity, rb.id);
        expect(offered.status).toBe('offered');
        expect(offered.offerExpiresAt).toBeGreaterThanOrEqual(before + OFFER_MS);
        expect(offered.offerExpiresAt).toBeLessThanOrEqual(Date.now() + OFFER_MS);
        expect(await statusOf(activity, rc.id)).toMatchObject({ status: 'waiting', position: 1 });
        // The offered place is taken: nobody new gets it.
        const read = (await call(b.parent, 'GET', `activities/${activity.id}`)).json();
        expect(read).toMatchObject({ placesLeft: 0, waiting: 1 });
        expect(read.children).toEqual([expect.objectContaining({ request: { id: rb.id, status: 'offered', position: null, offerExpiresAt: offered.offerExpiresAt } })]);
        const job = await expiryJob(rb.id);
        expect(Date.parse(job!.run_at)).toBe(offered.offerExpiresAt);

        // The family hears of it by mail, in Spanish, once.
        await t.drainJobs();
        const mails = mailAndPush.mailsTo(b.email);
        expect(mails.map((m) => m.subject)).toEqual([`${w.school.title}: Hay un cupo para ${b.student.firstName} ${b.student.lastName} en Teatro`]);
        expect(mailAndPush.mailsTo(c.email)).toEqual([]);

        // Another family, an administrator, a teacher, another school: not theirs to confirm.
        expect((await confirm(c.parent, activity, rb.id)).statusCode).toBe(403);
        expect((await confirm(w.admin, activity, rb.id)).statusCode).toBe(403);
        expect((await confirm(w.teacherA, activity, rb.id)).statusCode).toBe(403);
        expect([401, 403]).toContain((await confirm(w.otherAdmin, activity, rb.id)).statusCode);
        expect((await call(w.otherAdmin, 'POST', `activities/${activity.id}/requests/${rb.id}/confirm`, undefined, w.otherSchool.code)).statusCode).toBe(404);
        expect((await confirm(b.parent, activity, rc.id)).statusCode).toBe(403);
        expect((await confirm(c.parent, activity, rc.id)).json().error).toBe('no_offer');
        expect(await debitsOf(b.student)).toEqual([]);

        // 20 confirmations at once: one acceptance, the periods billed once.
        const answers = await Promise.all(Array.from({ length: 20 }, () => confirm(b.parent, activity, rb.id)));
        expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
        expect(answers[0]!.json()).toMatchObject({ id: rb.id, status: 'accepted', offerExpiresAt: null });
        expect((await debitsOf(b.student)).map((d) => d.description)).toEqual(['Teatro — Marzo', 'Teatro — Abril']);
        expect(await isMember(activity.id, b.student)).toBe(true);
        expect((await decline(b.parent, activity, rb.id)).json().error).toBe('no_offer');
        // The lapsed job finds it confirmed and leaves it alone.
        expect(await expireOffer(t.db, t.app.patio, w.school.id, rb.id, new Date(Date.now() + 2 * OFFER_MS))).toBe(false);
        expect((await statusOf(activity, rb.id)).status).toBe('accepted');
      });

      it('item 2: declining passes the place on; the expiry job withdraws an unanswered offer at its time; a confirmation too late is refused', async () => {
        const activity = await makeActivity({ name: 'Danza' });
        const [a, b, c, d] = [await family(), await family(), await family(), await family()];
        const ra = await ask(activity, a);
        const [rb, rc, rd] = [await ask(activity, b), await ask(activity, c), await ask(activity, d)];
        expect((await decide(activity, ra.id, 'accepted')).statusCode).toBe(200);
        expect((await withdraw(a.parent, activity, ra.id)).statusCode).toBe(204);
        expect((await statusOf(activity, rb.id)).status).toBe('offered');

        expect((await decline(c.parent, activity, rb.id)).statusCode).toBe(403);
        expect((await decline(b.parent, activity, rb.id)).statusCode).toBe(204);
        expect((await decline(b.parent, activity, rb.id)).statusCode).toBe(204);
        expect((await statusOf(activity, rb.id)).status).toBe('withdrawn');
        expect(await statusOf(activity, rc.id)).toMatchObject({ status: 'offered', position: null });
        expect(await statusOf(activity, rd.id)).toMatchObject({ status: 'waiting', position: 1 });

        // Too early, the job changes nothing.
        expect(await expireOffer(t.db, t.app.patio, w.school.id, rc.id, new Date())).toBe(false);
        // 48 h later: the queued job runs and lets C's offer go to D.
        const past = Date.now() - 1000;
        await t.db.updateTable('activity_requests').set({ offer_expires_at: past }).where('org_id', '=', w.school.id).where('id', '=', rc.id).execute();
        await t.db.updateTable('jobs').set({ run_at: new Date(past).toISOString() }).where('key', '=', `activities.offer_expiry:${w.school.id}:${rc.id}`).execute();
        await t.drainJobs();
        expect(await expiryJob(rc.id)).toMatchObject({ state: 'done' });
        expect(await offerRow(rc.id)).toEqual({ status: 'withdrawn', offer_expires_at: null });
        expect((await statusOf(activity, rd.id)).status).toBe('offered');
        expect((await confirm(c.parent, activity, rc.id)).json().error).toBe('no_offer');

        // D answers after the time: refused, and the place is free again for whoever asks next.
        await t.db.updateTable('activity_requests').set({ offer_expires_at: Date.now() - 1 }).where('org_id', '=', w.school.id).where('id', '=', rd.id).execute();
        const late = await confirm(d.parent, activity, rd.id);
        expect(late.statusCode).toBe(409);
        expect(late.json().error).toBe('offer_expired');
        expect((await statusOf(activity, rd.id)).status).toBe('withdrawn');
        expect(await debitsOf(d.student)).toEqual([]);
        expect(await isMember(activity.id, d.student)).toBe(false);
        expect((await call(w.admin, 'GET', `activities/${activity.id}`)).json()).toMatchObject({ placesLeft: 1, waiting: 0 });
      });

      it('item 2: rejecting a pending request and raising the places offer to the waiting list in order', async () => {
        const activity = await makeActivity({ name: 'Pintura' });
        const [a, b, c, e] = [await family(), await family(), await family(), await family()];
        const ra = await ask(activity, a);
        const [rb, rc] = [await ask(activity, b), await ask(activity, c)];
        expect((await decide(activity, ra.id, 'rejected')).statusCode).toBe(200);
        expect((await statusOf(activity, rb.id)).status).toBe('offered');
        expect(await statusOf(activity, rc.id)).toMatchObject({ status: 'waiting', position: 1 });

        const current = (await call(w.admin, 'GET', `activities/${activity.id}`)).json();
        const put = await call(w.admin, 'PUT', `activities/${activity.id}`, {
          name: current.name, termFrom: current.termFrom, termTo: current.termTo, schedule: current.schedule, places: 3,
          eligibleNodeIds: [w.tree.grade], price: current.price, periods: current.periods, leaderId: coach.id,
        });
        expect(put.statusCode, put.body).toBe(200);
        expect(put.json()).toMatchObject({ placesLeft: 1, waiting: 0 });
        expect((await statusOf(activity, rc.id)).status).toBe('offered');
        // The admin may still accept an offered request for the family.
        expect((await decide(activity, rc.id, 'accepted')).json()).toMatchObject({ status: 'accepted', offerExpiresAt: null });
        expect((await ask(activity, e)).status).toBe('pending');
        // Two live requests of one student are still impossible: the offered one counts.
        expect((await call(b.parent, 'POST', `activities/${activity.id}/requests`, { student: b.student.id })).json().error).toBe('already_requested');
      });
    });

    describe('sessions', () => {
      it("item 3: the sessions follow the weekly schedule within the term; the outside instructor takes the roll on the activity's checkpoint; rollTaken shows it", async () => {
        const from = addDays(today(), -13);
        const activity = await makeActivity({
          name: 'Guitarra',
          termFrom: from,
          termTo: addDays(today(), 14),
          schedule: [{ day: 2, start: '15:00', end: '16:30' }, { day: 4, start: '10:00', end: '11:00' }, { day: 4, start: '08:00', end: '09:00' }],
          places: 5,
        });
        const f = await family();
        const req = await ask(activity, f);
        expect((await decide(activity, req.id, 'accepted')).statusCode).toBe(200);

        const sessions = await call(f.parent, 'GET', `activities/${activity.id}/sessions?from=${addDays(from, -30)}&to=${today()}`);
        expect(sessions.statusCode, sessions.body).toBe(200);
        const days = sessions.json() as { date: string; slots: { start: string; end: string }[]; rollTaken: boolean }[];
        const expected: string[] = [];
        for (let day = from; day <= today(); day = addDays(day, 1)) if ([2, 4].includes(isoWeekday(day))) expected.push(day);
        expect(days.map((d) => d.date)).toEqual(expected);
        expect(days.length).toBeGreaterThanOrEqual(3);
        for (const d of days) {
          expect(d.rollTaken).toBe(false);
          expect(d.slots).toEqual(isoWeekday(d.date) === 2 ? [{ start: '15:00', end: '16:30' }] : [{ start: '08:00', end: '09:00' }, { start: '10:00', end: '11:00' }]);
        }

        // The instructor (no staff role) opens the roll: the activity's own checkpoint with its student.
        const roll = await call(coach, 'GET', `attendance/checkpoints/${activity.id}/log?date=${days[0]!.date}`);
        expect(roll.statusCode, roll.body).toBe(200);
        expect(roll.json()).toMatchObject({ checkpoint: { type: 'event', node: { id: activity.id } }, canMark: true });
        expect(roll.json().students.map((s: { person: { id: number } }) => s.person.id)).toEqual([f.student.id]);
        const mark = await call(coach, 'POST', `attendance/checkpoints/${activity.id}/log`, { person: f.student.id, type: 'present', date: days[0]!.date });
        expect(mark.statusCode, mark.body).toBe(200);
        expect((await call(f.parent, 'POST', `attendance/checkpoints/${activity.id}/log`, { person: f.student.id, type: 'absent', date: days[0]!.date })).statusCode).toBe(403);

        const after = (await call(w.admin, 'GET', `activities/${activity.id}/sessions?from=${from}&to=${today()}`)).json() as typeof days;
        expect(after.map((d) => d.rollTaken)).toEqual(days.map((_, i) => i === 0));
        // The whole term by default, cut to it.
        const whole = (await call(coach, 'GET', `activities/${activity.id}/sessions`)).json() as typeof days;
        expect(whole[0]!.date >= from && whole.at(-1)!.date <= addDays(today(), 14)).toBe(true);
        expect((await call(coach, 'GET', `activities/${activity.id}/sessions?from=${addDays(today(), 100)}&to=${addDays(today(), 110)}`)).json()).toEqual([]);

        for (const query of [`from=${today()}&to=${addDays(today(), -1)}`]) {
          const bad = await call(coach, 'GET', `activities/${activity.id}/sessions?${query}`);
          expect(bad.statusCode).toBe(400);
          expect(bad.json().error).toBe('bad_range');
        }
        const long = await makeActivity({ name: 'Coro', termFrom: addDays(today(), -400), termTo: addDays(today(), 400) });
        const longDays = (await call(coach, 'GET', `activities/${long.id}/sessions`)).json() as typeof days;
        expect([longDays[0]!.date >= addDays(today(), -400), longDays.at(-1)!.date <= today()]).toEqual([true, true]);
        expect((await call(coach, 'GET', `activities/${long.id}/sessions?from=${addDays(today(), -200)}&to=${addDays(today(), 201)}`)).json().error).toBe('bad_range');
        expect((await call(coach, 'GET', `activities/${activity.id}/sessions?from=2026-02-30`)).statusCode).toBe(400);
        expect((await call(w.otherAdmin, 'GET', `activities/${activity.id}/sessions`, undefined, w.otherSchool.code)).statusCode).toBe(404);
      });
    });
  },
  mailAndPush.config,
);
