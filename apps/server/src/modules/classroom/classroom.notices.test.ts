import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases, type Org } from '../../test/harness';
import { giveAddresses, makeDue, useMailAndPush } from '../notifications/notifications.fixtures';
import { as } from '../posts/posts.fixtures';
import { REMINDER_LEAD_MS, remindStudents } from './classroom.reminders';

// Issue 35 §3 on both databases, through the real SMTP catcher: a returned task tells its student once
// per return, in their language and after their quiet hours; 24 h before the due date the students who
// have not turned it in are reminded once, whatever runs the reminder how often.

const mailAndPush = await useMailAndPush();
const { mailsTo } = mailAndPush;

const HOUR = 3600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/** HH:MM in Bogotá (the school's zone) `minutes` from now. */
function bogota(minutes: number): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Bogota', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(Date.now() + minutes * 60_000));
}

describeOnDatabases(
  'classroom notices',
  (t) => {
    let school: Org;
    let classA: number;
    let teacher: TestPerson;
    let ana: TestPerson;
    let beto: TestPerson;
    const mail = (who: string) => `${who}-${t.kind.name}@example.org`;

    const publishTask = async (title: string, dueDate: string) => {
      const res = await as(t, teacher, 'POST', `nodes/${classA}/classroom/posts`, { kind: 'task', title, description: '<p>Guía</p>', dueDate, points: 10 });
      expect(res.statusCode, res.body).toBe(201);
      // The new post's own notification is the posts area's: out of the way of what these tests count.
      await t.drainJobs();
      mailAndPush.smtp.mails.length = 0;
      return res.json().id as number;
    };
    const turnIn = (student: TestPerson, postId: number, turnIn = true) =>
      as(t, student, 'PUT', `people/${student.id}/classroom/${classA}/posts/${postId}/submission`, { text: 'Hecho', turnIn });
    const review = (student: TestPerson, postId: number, body: unknown) => as(t, teacher, 'PUT', `posts/${postId}/submissions/${student.id}`, body);
    const noticesOf = (person: TestPerson, kind: string) =>
      t.db.selectFrom('notification_notices').select(['kind', 'channel', 'state']).where('org_id', '=', school.id).where('person_id', '=', person.id).where('kind', '=', kind).execute();
    const reminderJobs = (postId: number) =>
      t.db.selectFrom('jobs').select(['key', 'run_at', 'state']).where('kind', '=', 'classroom.reminder').where('org_id', '=', school.id).where('key', 'like', `classroom.reminder:${school.id}:${postId}:%`).execute();

    beforeAll(async () => {
      school = await t.makeSchool();
      const tree = await t.makeTree(school);
      classA = tree.classA;
      teacher = await t.makePerson(school, { role: 'teacher', node: classA });
      ana = await t.makePerson(school, { role: 'student', node: classA, firstName: 'Ana' });
      beto = await t.makePerson(school, { role: 'student', node: classA, firstName: 'Beto', gender: 'male' });
      await giveAddresses(t, ana, { email: mail('ana'), language: 'en' });
      await giveAddresses(t, beto, { email: mail('beto'), language: 'es' });
    });

    it('item 1: a returned task tells the student once, in their language, with the grade; a new turn-in returned again tells again', async () => {
      const postId = await publishTask('Taller de fracciones', inHours(72));
      await turnIn(ana, postId);
      await t.drainJobs();
      mailAndPush.smtp.mails.length = 0;

      const returned = await review(ana, postId, { grade: 9, feedback: 'Muy bien', return: true });
      expect(returned.statusCode, returned.body).toBe(200);
      await t.drainJobs();
      const mails = mailsTo(mail('ana'));
      expect(mails.map((m) => m.subject)).toEqual([`${school.title}: Work returned: Taller de fracciones`]);
      expect(mails[0]!.text).toContain('with 9 out of 10 points');
      expect(mails[0]!.text).toContain(`/people/${ana.id}/classroom/${classA}/posts/${postId}`);

      // Returning it again, grading it again, or twenty teachers' tabs returning at once: nobody is told again.
      const again = await Promise.all(Array.from({ length: 20 }, () => review(ana, postId, { grade: 10, return: true })));
      expect(again.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      await t.drainJobs();
      expect(mailsTo(mail('ana'))).toHaveLength(1);
      expect(await noticesOf(ana, 'classroom_returned')).toEqual([{ kind: 'classroom_returned', channel: 'email', state: 'sent' }]);

      // Turned in again and returned again: a second notice.
      await turnIn(ana, postId);
      await review(ana, postId, { return: true });
      await t.drainJobs();
      expect(mailsTo(mail('ana'))).toHaveLength(2);

      // In Spanish for a student who reads Spanish; a grade without points reads without them.
      const beto1 = await publishTask('Lectura', inHours(72));
      await turnIn(beto, beto1);
      await review(beto, beto1, { return: true });
      await t.drainJobs();
      const betoMails = mailsTo(mail('beto'));
      expect(betoMails.map((m) => m.subject)).toEqual([`${school.title}: Trabajo devuelto: Lectura`]);
      expect(betoMails[0]!.text).toContain('Tu profesor devolvió tu trabajo en');
      // Grading without returning tells nobody.
      const graded = await publishTask('Solo nota', inHours(72));
      await turnIn(ana, graded);
      await review(ana, graded, { grade: 5, return: false });
      await t.drainJobs();
      expect(mailsTo(mail('ana'))).toEqual([]);
    });

    it('item 1: during the student’s quiet hours the notice waits for their end', async () => {
      const quiet = await t.makePerson(school, { role: 'student', node: classA, firstName: 'Quieta' });
      await giveAddresses(t, quiet, { email: mail('quieta'), language: 'en' });
      const settings = await as(t, quiet, 'GET', `people/${quiet.id}/settings/notifications`);
      await as(t, quiet, 'PUT', `people/${quiet.id}/settings/notifications`, { ...(settings.json() as Record<string, unknown>), quietHours: { start: bogota(-60), end: bogota(120) } });
      const postId = await publishTask('De noche', inHours(72));
      await turnIn(quiet, postId);
      await review(quiet, postId, { return: true });
      await t.drainJobs();
      expect(mailsTo(mail('quieta'))).toEqual([]);
      const held = await t.db.selectFrom('jobs').select(['run_at', 'state']).where('kind', '=', 'notifications.notice').where('key', 'like', `%:${quiet.id}:classroom_returned:%:after-quiet`).execute();
      expect(held).toHaveLength(1);
      expect(Date.parse(held[0]!.run_at)).toBeGreaterThan(Date.now() + 100 * 60_000);
      await makeDue(t, 'notifications.notice');
      await t.drainJobs();
      expect(mailsTo(mail('quieta')).map((m) => m.subject)).toEqual([`${school.title}: Work returned: De noche`]);
    });

    it('item 1: a title with control characters or thousands of characters still makes one readable notice', async () => {
      const postId = await publishTask('Normal', inHours(72));
      await t.db.updateTable('posts').set({ title: `Mal\u0007formado\u001b ${'x'.repeat(5000)}` }).where('org_id', '=', school.id).where('id', '=', postId).execute();
      await turnIn(ana, postId);
      await review(ana, postId, { return: true });
      await t.drainJobs();
      const [notice] = mailsTo(mail('ana'));
      expect(notice!.subject).toMatch(/^.+: Work returned: Mal formado x+…$/);
      expect(notice!.subject.length).toBeLessThan(300);
      // eslint-disable-next-line no-control-regex -- the control characters are what must not be there
      expect(notice!.text).not.toMatch(/[\u0007\u001b]|=07|=1B/);
    });

    it('item 2: publishing a task queues its reminder once, 24 h before the due date; a task due sooner gets none', async () => {
      const due = inHours(72);
      const postId = await publishTask('Con recordatorio', due);
      const jobs = await reminderJobs(postId);
      expect(jobs).toHaveLength(1);
      expect(Date.parse(jobs[0]!.run_at)).toBe(Date.parse(due) - REMINDER_LEAD_MS);
      const soon = await publishTask('Para hoy', inHours(10));
      expect(await reminderJobs(soon)).toEqual([]);
      const material = await as(t, teacher, 'POST', `nodes/${classA}/classroom/posts`, { kind: 'material', title: 'Guía' });
      expect(await reminderJobs(material.json().id)).toEqual([]);
    });

    it('item 2: 24 h before the due date, the current students who have not turned in are reminded once; 20 parallel runs remind each once', async () => {
      const school2 = await t.makeSchool();
      const tree = await t.makeTree(school2);
      const teacher2 = await t.makePerson(school2, { role: 'teacher', node: tree.classA });
      const names = ['Turned', 'Returned', 'Saved', 'Nothing', 'Left', 'Late'];
      const [turned, returnedOne, saved, nothing, left, late] = await Promise.all(names.map((firstName) => t.makePerson(school2, { role: 'student', node: tree.classA, firstName })));
      const other = await t.makePerson(school2, { role: 'student', node: tree.classB, firstName: 'Otra' });
      for (const p of [turned!, returnedOne!, saved!, nothing!, left!, late!, other]) await giveAddresses(t, p, { email: `${p.firstName.toLowerCase()}-${p.id}-${t.kind.name}@example.org`, language: 'en' });
      const dueDate = inHours(60);
      const created = await as(t, teacher2, 'POST', `nodes/${tree.classA}/classroom/posts`, { kind: 'task', title: 'Proyecto', dueDate, points: 10 });
      const postId = created.json().id as number;
      const put = (p: TestPerson, turnIn: boolean) => as(t, p, 'PUT', `people/${p.id}/classroom/${tree.classA}/posts/${postId}/submission`, { text: 'x', turnIn });
      await put(turned!, true);
      await put(returnedOne!, true);
      await as(t, teacher2, 'PUT', `posts/${postId}/submissions/${returnedOne!.id}`, { return: true });
      await put(saved!, false);
      await put(late!, true);
      await t.db.updateTable('classroom_submissions').set({ status: 'late' }).where('org_id', '=', school2.id).where('student_id', '=', late!.id).execute();
      await t.db.updateTable('memberships').set({ enrollment_status: 'withdrawn' }).where('org_id', '=', school2.id).where('person_id', '=', left!.id).execute();
      await t.drainJobs();
      mailAndPush.smtp.mails.length = 0;

      // A day too early (the clock injected): nobody, and the reminder stays queued for its time.
      const tooEarly = new Date(Date.parse(dueDate) - REMINDER_LEAD_MS - HOUR);
      expect(await remindStudents(t.db, t.app.patio.jobs, school2.id, postId, tooEarly)).toEqual([]);

      const at = new Date(Date.parse(dueDate) - REMINDER_LEAD_MS + 60_000);
      const runs = await Promise.all(Array.from({ length: 20 }, () => remindStudents(t.db, t.app.patio.jobs, school2.id, postId, at)));
      expect(runs.flat().sort((a, b) => a - b)).toEqual([saved!.id, nothing!.id].sort((a, b) => a - b));
      // The job itself, run again by the queue at its time, finds them reminded.
      await t.db.updateTable('jobs').set({ run_at: new Date(Date.now() - 1000).toISOString() }).where('kind', '=', 'classroom.reminder').where('org_id', '=', school2.id).execute();
      await t.drainJobs();
      expect(await remindStudents(t.db, t.app.patio.jobs, school2.id, postId, at)).toEqual([]);

      const marks = await t.db.selectFrom('classroom_reminders').select('student_id').where('org_id', '=', school2.id).execute();
      expect(marks.map((m) => m.student_id).sort((a, b) => a - b)).toEqual([saved!.id, nothing!.id].sort((a, b) => a - b));
      const reminded = (p: TestPerson) => mailAndPush.smtp.mails.filter((m) => m.to.some((to) => to.startsWith(`${p.firstName.toLowerCase()}-${p.id}-`)));
      for (const p of [saved!, nothing!]) {
        expect(reminded(p).map((m) => m.subject)).toEqual([`${school2.title}: Reminder: Proyecto`]);
        expect(reminded(p)[0]!.text).toMatch(/It is due .+ and you have not turned it in yet\./);
      }
      for (const p of [turned!, returnedOne!, late!, left!, other]) expect(reminded(p)).toEqual([]);
      // Nothing leaked into another school.
      expect(await t.db.selectFrom('classroom_reminders').select('student_id').where('org_id', '=', school.id).execute()).toEqual([]);
    });

    it('item 2: the queued job reminds at its time; a due date moved later queues the new reminder; a task past due reminds nobody', async () => {
      const postId = await publishTask('Por la cola', inHours(72));
      // As if a day and a half had passed: the task is due in 20 hours and its job is due now.
      await t.db.updateTable('classroom_posts').set({ due_date: inHours(20) }).where('org_id', '=', school.id).where('post_id', '=', postId).execute();
      await t.db.updateTable('jobs').set({ run_at: new Date(Date.now() - 1000).toISOString() }).where('kind', '=', 'classroom.reminder').where('key', 'like', `classroom.reminder:${school.id}:${postId}:%`).execute();
      mailAndPush.smtp.mails.length = 0;
      await t.drainJobs();
      expect(mailsTo(mail('ana')).map((m) => m.subject)).toEqual([`${school.title}: Reminder: Por la cola`]);
      expect(mailsTo(mail('beto')).map((m) => m.subject)).toEqual([`${school.title}: Recordatorio: Por la cola`]);

      const moved = await publishTask('Aplazada', inHours(30));
      const later = inHours(24 * 5);
      await t.db.updateTable('classroom_posts').set({ due_date: later }).where('org_id', '=', school.id).where('post_id', '=', moved).execute();
      expect(await remindStudents(t.db, t.app.patio.jobs, school.id, moved, new Date(Date.now() + 7 * HOUR))).toEqual([]);
      expect((await reminderJobs(moved)).map((j) => j.key)).toContain(`classroom.reminder:${school.id}:${moved}:${later}`);

      const past = await publishTask('Vencida', inHours(30));
      expect(await remindStudents(t.db, t.app.patio.jobs, school.id, past, new Date(Date.now() + 31 * HOUR))).toEqual([]);
      expect(await remindStudents(t.db, t.app.patio.jobs, school.id, 999_999_999, new Date())).toEqual([]);
    });
  },
  mailAndPush.config,
);
