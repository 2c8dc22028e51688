import { DEFAULT_NOTIFICATION_SETTINGS } from '@patio/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases, type Org } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { giveAddresses, useMailAndPush } from '../notifications/notifications.fixtures';
import { as } from '../posts/posts.fixtures';
import { nextSummaryAt, runGuardianSummary } from './classroom.summary';

// Issue 35 §3 on both databases, through the real SMTP catcher: the weekly guardian summary reaches
// each relative who turned it on, once a week, with their own children's missing and upcoming work
// only, in their language and under the school's header; nothing to report, no mail.

const mailAndPush = await useMailAndPush();
const { mailsTo } = mailAndPush;
const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

describe('the weekly summary’s time', () => {
  it('item 4: is the next Friday at 16:00 in the school’s zone', () => {
    // Thursday 10 December 2026, 12:00 UTC (07:00 in Bogotá) → Friday 11 December 16:00 in Bogotá (21:00 UTC).
    expect(nextSummaryAt(new Date('2026-12-10T12:00:00Z'), 'America/Bogota')).toEqual({ at: new Date('2026-12-11T21:00:00Z'), week: '2026-12-11' });
    // Friday at 16:00 or later: the next Friday.
    expect(nextSummaryAt(new Date('2026-12-11T21:00:00Z'), 'America/Bogota')).toEqual({ at: new Date('2026-12-18T21:00:00Z'), week: '2026-12-18' });
    // Friday morning: that Friday.
    expect(nextSummaryAt(new Date('2026-12-11T13:00:00Z'), 'America/Bogota')).toEqual({ at: new Date('2026-12-11T21:00:00Z'), week: '2026-12-11' });
    // Saturday 00:30 in Madrid is still Friday in UTC.
    expect(nextSummaryAt(new Date('2026-12-11T23:30:00Z'), 'Europe/Madrid')).toEqual({ at: new Date('2026-12-18T15:00:00Z'), week: '2026-12-18' });
  });
});

describeOnDatabases(
  'weekly guardian summary',
  (t) => {
    let school: Org;
    let teacher: TestPerson;
    let classA: number;
    let classB: number;
    let grade: number;
    let ana: TestPerson;
    let bruno: TestPerson;
    let carla: TestPerson;
    let mother: TestPerson;
    const address = (who: string) => `${who}-${t.kind.name}@example.org`;
    const settingsPath = (p: TestPerson) => `people/${p.id}/settings/notifications`;
    const turnOn = async (p: TestPerson, extra: Record<string, unknown> = {}) => {
      const res = await as(t, p, 'PUT', settingsPath(p), { ...DEFAULT_NOTIFICATION_SETTINGS, guardianSummary: true, ...extra });
      expect(res.statusCode, res.body).toBe(200);
    };
    const publish = async (node: number, title: string, dueDate: string) => {
      const res = await as(t, teacher, 'POST', `nodes/${node}/classroom/posts`, { kind: 'task', title, dueDate, points: 10 });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const moveDue = (postId: number, dueDate: string) =>
      t.db.updateTable('classroom_posts').set({ due_date: dueDate }).where('org_id', '=', school.id).where('post_id', '=', postId).execute();
    const summaryJob = () => runGuardianSummary(t.db, t.app.patio.jobs, school.id, '2026-12-11', new Date());

    beforeAll(async () => {
      school = await t.makeSchool({ title: 'Colegio Los Andes' });
      const tree = await t.makeTree(school);
      classA = tree.classA;
      classB = tree.classB;
      grade = tree.grade;
      teacher = await t.makePerson(school, { role: 'teacher', node: classA });
      await t.assign(teacher, classB, 'teacher');
      ana = await t.makePerson(school, { role: 'student', node: classA, firstName: 'Ana', lastName: 'Ríos' });
      bruno = await t.makePerson(school, { role: 'student', node: classB, firstName: 'Bruno', lastName: 'Ríos', gender: 'male' });
      carla = await t.makePerson(school, { role: 'student', node: classA, firstName: 'Carla', lastName: 'Otra' });
      mother = await t.makePerson(school, { relativeOf: ana, firstName: 'Marta' });
      await t.relate(mother, bruno);
      await giveAddresses(t, mother, { email: address('marta'), language: 'en' });
      await turnOn(mother);
    });

    it('item 4: off by default, on in the notification settings; a request without it turns it off', async () => {
      const fresh = await t.makePerson(school, { relativeOf: carla, firstName: 'Fresca' });
      expect((await as(t, fresh, 'GET', settingsPath(fresh))).json()).toMatchObject({ guardianSummary: false });
      await turnOn(fresh);
      expect((await as(t, fresh, 'GET', settingsPath(fresh))).json()).toMatchObject({ guardianSummary: true });
      const { guardianSummary: _left, ...older } = { ...DEFAULT_NOTIFICATION_SETTINGS };
      expect((await as(t, fresh, 'PUT', settingsPath(fresh), older)).json()).toMatchObject({ guardianSummary: false });
      expect((await as(t, fresh, 'PUT', settingsPath(fresh), { ...DEFAULT_NOTIFICATION_SETTINGS, guardianSummary: 'yes' })).statusCode).toBe(400);
    });

    it("item 4: a relative who turned it on gets one mail with their own children's missing and upcoming work, grouped by child and group", async () => {
      const upcoming = await publish(classA, 'Maqueta', inDays(3));
      const missing = await publish(classA, 'Resumen del capítulo', inDays(3));
      await moveDue(missing, inDays(-2));
      const done = await publish(classA, 'Ya entregada', inDays(3));
      await as(t, ana, 'PUT', `people/${ana.id}/classroom/${classA}/posts/${done}/submission`, { turnIn: true });
      await moveDue(done, inDays(-1));
      const turnedInEarly = await publish(classA, 'Lista antes', inDays(4));
      await as(t, ana, 'PUT', `people/${ana.id}/classroom/${classA}/posts/${turnedInEarly}/submission`, { turnIn: true });
      await publish(classA, 'Muy lejana', inDays(20));
      const old = await publish(classA, 'Muy vieja', inDays(3));
      await moveDue(old, inDays(-45));
      const brunos = await publish(classB, 'Experimento', inDays(5));
      // Another family's child, and her relative who also asked for the summary.
      const otherParent = await t.makePerson(school, { relativeOf: carla, firstName: 'Olga' });
      await giveAddresses(t, otherParent, { email: address('olga'), language: 'es' });
      await turnOn(otherParent);
      await t.drainJobs();
      mailAndPush.smtp.mails.length = 0;

      await summaryJob();
      await t.drainJobs();
      const [mail] = mailsTo(address('marta'));
      expect(mailsTo(address('marta'))).toHaveLength(1);
      expect(mail!.subject).toBe('Colegio Los Andes: weekly classwork summary');
      const text = mail!.text.replace(/\r\n/g, '\n');
      expect(text).toContain('Hello Marta');
      expect(text).toMatch(/Ana Ríos — .+\nMissing \(past due\):\n• Resumen del capítulo — was due .+\n {2}\S+\/people\/\d+\/classroom\/\d+\/posts\/\d+\nDue in the next 7 days:\n/);
      expect(text).toContain(`/people/${ana.id}/classroom/${classA}/posts/${missing}`);
      expect(text).toContain(`/people/${ana.id}/classroom/${classA}/posts/${upcoming}`);
      expect(text).toMatch(/• Lista antes — due .+ \(turned in\)/);
      expect(text).toContain(`/people/${bruno.id}/classroom/${classB}/posts/${brunos}`);
      for (const absent of ['Ya entregada', 'Muy lejana', 'Muy vieja', 'Carla', 'Otra']) expect(text).not.toContain(absent);
      expect(mail!.raw).toContain('data-brand-header');
      expect(mail!.raw).toMatch(/List-Unsubscribe: <http/);

      // The other family reads only their own child's work, in Spanish.
      const [olga] = mailsTo(address('olga'));
      expect(olga!.subject).toBe('Colegio Los Andes: resumen semanal de tareas');
      expect(olga!.text).toContain('Carla Otra');
      expect(olga!.text).not.toContain('Ana');
      expect(olga!.text).not.toContain('Bruno');
    });

    it('item 4: once per week, whatever runs it how often: 20 parallel runs mail each relative once', async () => {
      await t.drainJobs();
      mailAndPush.smtp.mails.length = 0;
      const week = '2026-12-18';
      const runs = await Promise.all(Array.from({ length: 20 }, () => runGuardianSummary(t.db, t.app.patio.jobs, school.id, week, new Date())));
      expect(runs.flat().filter((id) => id === mother.id)).toEqual([mother.id]);
      await t.drainJobs();
      expect(mailsTo(address('marta'))).toHaveLength(1);
      expect(await runGuardianSummary(t.db, t.app.patio.jobs, school.id, week, new Date())).toEqual([]);
      await t.drainJobs();
      expect(mailsTo(address('marta'))).toHaveLength(1);
      const marks = await t.db.selectFrom('classroom_summaries').select('person_id').where('org_id', '=', school.id).where('week', '=', week).execute();
      expect(marks.filter((m) => m.person_id === mother.id)).toHaveLength(1);
    });

    it('item 4: nobody else gets one: switch off, email off, nothing to report, an unapproved registrant, another school', async () => {
      await t.drainJobs();
      mailAndPush.smtp.mails.length = 0;
      const off = await t.makePerson(school, { relativeOf: ana, firstName: 'Apagado' });
      await giveAddresses(t, off, { email: address('apagado') });
      const noEmail = await t.makePerson(school, { relativeOf: ana, firstName: 'Sincorreo' });
      await giveAddresses(t, noEmail, { email: address('sincorreo') });
      await turnOn(noEmail, { channels: { ...DEFAULT_NOTIFICATION_SETTINGS.channels, email: false } });
      // A child in a group without tasks: nothing to report.
      const quiet = await t.makePerson(school, { role: 'student', node: grade, firstName: 'Sin' });
      const quietParent = await t.makePerson(school, { relativeOf: quiet, firstName: 'Nada' });
      await giveAddresses(t, quietParent, { email: address('nada') });
      await turnOn(quietParent);
      // A registration waiting for approval, wrongly tied to Ana, who turned it on.
      const registrant = await makeRegistrant(t, school);
      await t.relate(registrant, ana);
      await giveAddresses(t, registrant, { email: address('registrant') });
      await t.db.insertInto('notification_settings').values({ org_id: school.id, person_id: registrant.id, settings: JSON.stringify({ ...DEFAULT_NOTIFICATION_SETTINGS, guardianSummary: true }), updated_at: new Date().toISOString() }).execute();
      // Another school with a relative of the same kind.
      const norte = await t.makeSchool();
      const norteTree = await t.makeTree(norte);
      const norteChild = await t.makePerson(norte, { role: 'student', node: norteTree.classA });
      const norteParent = await t.makePerson(norte, { relativeOf: norteChild });
      await giveAddresses(t, norteParent, { email: address('norte') });
      await turnOn(norteParent);

      const queued = await runGuardianSummary(t.db, t.app.patio.jobs, school.id, '2026-12-25', new Date());
      expect(queued).not.toContain(off.id);
      expect(queued).not.toContain(noEmail.id);
      expect(queued).not.toContain(registrant.id);
      expect(queued).not.toContain(norteParent.id);
      await t.drainJobs();
      for (const who of ['apagado', 'sincorreo', 'nada', 'registrant', 'norte']) expect(mailsTo(address(who)), who).toEqual([]);
      expect(mailsTo(address('marta'))).toHaveLength(1);
    });

    it('item 4: NUL bytes and huge titles do not break the mail', async () => {
      await t.drainJobs();
      mailAndPush.smtp.mails.length = 0;
      const nul = await publish(classA, 'Tarea normal', inDays(2));
      await t.db.updateTable('posts').set({ title: `Título\u0000con\u0007control ${'x'.repeat(5000)}` }).where('org_id', '=', school.id).where('id', '=', nul).execute().catch(async () => {
        // PostgreSQL refuses a NUL in text: the other control characters and the length are the test there.
        await t.db.updateTable('posts').set({ title: `Título\u0007con\u001bcontrol ${'x'.repeat(5000)}` }).where('org_id', '=', school.id).where('id', '=', nul).execute();
      });
      await runGuardianSummary(t.db, t.app.patio.jobs, school.id, '2027-01-01', new Date());
      await t.drainJobs();
      const [mail] = mailsTo(address('marta'));
      expect(mail).toBeDefined();
      // eslint-disable-next-line no-control-regex -- the control characters are what must not be there
      expect(mail!.text).not.toMatch(/[\u0000\u0007\u001b]|=00|=07|=1B/);
      const line = mail!.text.split(/\r?\n/).find((l) => l.includes('Título'))!;
      expect(line).toMatch(/^• Título con control x+… — due /);
      expect(line.length).toBeLessThan(300);
    });

    it('item 4: publishing a task queues the week’s summary once; each run queues the next week’s while tasks are due', async () => {
      const jobs = () => t.db.selectFrom('jobs').select(['key', 'run_at']).where('kind', '=', 'classroom.summary').where('org_id', '=', school.id).execute();
      const { week, at } = nextSummaryAt(new Date(), 'America/Bogota');
      const mine = (await jobs()).filter((j) => j.key === `classroom.summary:${school.id}:${week}`);
      expect(mine).toHaveLength(1);
      expect(Date.parse(mine[0]!.run_at)).toBe(at.getTime());
      const next = nextSummaryAt(new Date(at.getTime() + 1000), 'America/Bogota');
      await runGuardianSummary(t.db, t.app.patio.jobs, school.id, week, new Date(at.getTime() + 1000));
      expect((await jobs()).map((j) => j.key)).toContain(`classroom.summary:${school.id}:${next.week}`);
    });
  },
  mailAndPush.config,
);
