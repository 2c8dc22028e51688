import { addDays, DEFAULT_TIME_ZONE, localDateOf } from '@patio/core/calendar/times';
import { ID_CODE_MAX, ZScanResult } from '@patio/core';
import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { verifyIdCode } from '../idcards/index';
import { makeDue } from '../notifications/notifications.fixtures';
import { as, norteAccount } from '../posts/posts.fixtures';
import { signIdCode } from '../idcards/idcards.code';

// Issue 36 §3 and §4 on both databases: POST attendance/checkpoints/{nodeId}/scan marks the holder of
// an ID card code on today's roll through the roll's own marking path; forged, altered, foreign and
// other days' codes are refused with nothing written; twenty scans at once make one record.

const today = () => localDateOf(Math.floor(Date.now() / 1000), DEFAULT_TIME_ZONE);

describeOnDatabases('attendance: scanning ID cards', (t) => {
  let w: World;
  let student = 0;

  const scan = (who: TestPerson, node: number, code: unknown) => as(t, who, 'POST', `attendance/checkpoints/${node}/scan`, { code });
  const codeOf = async (person: TestPerson) => {
    const res = await as(t, w.admin, 'GET', `people/${person.id}/id-code`);
    if (res.statusCode !== 200) throw new Error(`No code: ${res.body}`);
    return res.json().code as string;
  };
  /** A fresh current student of class A, so each test starts from an empty roll line today. */
  const freshStudent = () => t.makePerson(w.school, { role: 'student', node: w.tree.classA, firstName: `Scan${++student}` });
  const recordsOf = (personId: number) =>
    t.db.selectFrom('attendance_records').selectAll().where('org_id', '=', w.school.id).where('person_id', '=', personId).execute();
  const changesOf = (recordId: number) =>
    t.db.selectFrom('attendance_changes').selectAll().where('org_id', '=', w.school.id).where('record_id', '=', recordId).orderBy('id').execute();
  const counts = async () => {
    const n = async (table: 'attendance_records' | 'attendance_changes' | 'jobs') =>
      Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).where('org_id', '=', w.school.id).executeTakeFirstOrThrow()).n);
    return { records: await n('attendance_records'), changes: await n('attendance_changes'), jobs: await n('jobs') };
  };
  const absencePost = (id: number) => t.db.selectFrom('posts').selectAll().where('org_id', '=', w.school.id).where('id', '=', id).executeTakeFirstOrThrow();
  const runAlerts = async () => {
    await makeDue(t, 'attendance.alert');
    await t.drainJobs();
  };

  beforeAll(async () => {
    w = await makeWorld(t);
  });

  it('item 3 (scan): a teacher scans a student of the class: present today, marked by them, as a roll mark', async () => {
    const s = await freshStudent();
    const res = await scan(w.teacherA, w.tree.classA, await codeOf(s));
    expect(res.statusCode, res.body).toBe(200);
    const body = ZScanResult.parse(res.json());
    expect(body).toMatchObject({
      person: { id: s.id, firstName: s.firstName, lastName: s.lastName, avatar: null },
      status: 'present',
      alreadyMarked: false,
      checkpoint: { node: { id: w.tree.classA }, type: 'class' },
      date: today(),
    });
    const [record] = await recordsOf(s.id);
    expect(record).toMatchObject({ node_id: w.tree.classA, date: today(), type: 'present', marked_by: w.teacherA.id, alert_state: null });
    expect((await changesOf(record.id)).map((c) => [c.previous_type, c.type, c.marked_by])).toEqual([[null, 'present', w.teacherA.id]]);
    const roll = (await as(t, w.teacherA, 'GET', `attendance/checkpoints/${w.tree.classA}/log`)).json();
    const line = roll.students.find((l: { person: { id: number } }) => l.person.id === s.id);
    expect(line.record).toMatchObject({ type: 'present', markedBy: { id: w.teacherA.id }, changes: 0 });
  });

  it('item 3 (scan): a second scan the same day is idempotent: alreadyMarked, no second record or change', async () => {
    const s = await freshStudent();
    const code = await codeOf(s);
    expect((await scan(w.teacherA, w.tree.classA, code)).json().alreadyMarked).toBe(false);
    const before = await counts();
    const again = await scan(w.admin, w.tree.classA, code);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'present', alreadyMarked: true });
    expect(await counts()).toEqual(before);
    expect((await recordsOf(s.id))[0].marked_by).toBe(w.teacherA.id);
  });

  it('item 3 (scan): 20 parallel scans of one code make one record and one change; exactly one is not alreadyMarked', async () => {
    const s = await freshStudent();
    const code = await codeOf(s);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => scan(i % 2 ? w.teacherA : w.admin, w.tree.classA, code)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.json().alreadyMarked === false)).toHaveLength(1);
    expect(answers.every((a) => a.json().status === 'present')).toBe(true);
    const records = await recordsOf(s.id);
    expect(records).toHaveLength(1);
    expect(await changesOf(records[0].id)).toHaveLength(1);
  });

  it('item 3 (scan): a late arrival stays late; an absence becomes present within the undo window and the family is told nothing', async () => {
    const late = await freshStudent();
    await as(t, w.teacherA, 'POST', `attendance/checkpoints/${w.tree.classA}/log`, { person: late.id, type: 'late' });
    const res = await scan(w.teacherA, w.tree.classA, await codeOf(late));
    expect(res.json()).toMatchObject({ status: 'late', alreadyMarked: true });
    expect((await recordsOf(late.id))[0].type).toBe('late');

    const absent = await freshStudent();
    await t.makePerson(w.school, { relativeOf: absent, gender: 'female', firstName: 'Ana' });
    await as(t, w.teacherA, 'POST', `attendance/checkpoints/${w.tree.classA}/log`, { person: absent.id, type: 'absent' });
    const scanned = await scan(w.teacherA, w.tree.classA, await codeOf(absent));
    expect(scanned.json()).toMatchObject({ status: 'present', alreadyMarked: false });
    await runAlerts();
    const [record] = await recordsOf(absent.id);
    expect(record).toMatchObject({ type: 'present', alert_state: null, alert_post_id: null });
    expect((await changesOf(record.id)).map((c) => [c.previous_type, c.type])).toEqual([
      [null, 'absent'],
      ['absent', 'present'],
    ]);
  });

  it("item 3 (scan): after the family was told of an absence, a scan rewrites that post to say the student came", async () => {
    const s = await freshStudent();
    const parent = await t.makePerson(w.school, { relativeOf: s, gender: 'male', firstName: 'Pedro' });
    await as(t, w.teacherA, 'POST', `attendance/checkpoints/${w.tree.classA}/log`, { person: s.id, type: 'absent' });
    await runAlerts();
    const sent = (await recordsOf(s.id))[0];
    expect(sent).toMatchObject({ alert_state: 'sent' });
    expect((await scan(w.teacherA, w.tree.classA, await codeOf(s))).json()).toMatchObject({ status: 'present', alreadyMarked: false });
    await runAlerts();
    expect((await recordsOf(s.id))[0]).toMatchObject({ type: 'present', alert_state: 'withdrawn', alert_post_id: sent.alert_post_id });
    const post = await absencePost(sent.alert_post_id!);
    expect(post.title).toContain('Asistencia corregida');
    const stubs = await t.db.selectFrom('stubs').select('person_id').where('org_id', '=', w.school.id).where('post_id', '=', post.id).execute();
    expect(stubs.map((r) => r.person_id)).toEqual([parent.id]);
  });

  it('item 3 (scan): the driver scans a rider at the route: boarded (present on the bus checkpoint)', async () => {
    const res = await scan(w.driver, w.route, await codeOf(w.rider));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ person: { id: w.rider.id }, status: 'present', alreadyMarked: false, checkpoint: { type: 'bus_boarding', node: { id: w.route } } });
    expect((await recordsOf(w.rider.id)).map((r) => [r.node_id, r.type, r.marked_by])).toEqual([[w.route, 'present', w.driver.id]]);
  });

  it('item 3 (scan): only who takes the roll may scan; a student not on the roll is 404 not_on_roll', async () => {
    const s = await freshStudent();
    const code = await codeOf(s);
    const before = await counts();
    for (const who of [w.teacherB, w.parentA, w.studentA, w.driver]) {
      const res = await scan(who, w.tree.classA, code);
      expect(res.statusCode, who.firstName).toBe(403);
    }
    const elsewhere = await scan(w.teacherB, w.tree.classB, code);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error).toBe('not_on_roll');
    expect((await scan(w.admin, w.route, code)).json().error).toBe('not_on_roll');
    expect((await scan(w.admin, 999_999_999, code)).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it("item 3 (scan): yesterday's and tomorrow's genuine codes are 400 code_expired; nothing written", async () => {
    const s = await freshStudent();
    const before = await counts();
    for (const day of [addDays(today(), -1), addDays(today(), 1), '2020-01-01']) {
      const res = await scan(w.teacherA, w.tree.classA, signIdCode(t.config, w.school.id, s.id, day));
      expect(res.statusCode, day).toBe(400);
      expect(res.json().error, day).toBe('code_expired');
    }
    expect(await counts()).toEqual(before);
    expect(await recordsOf(s.id)).toEqual([]);
  });

  it('item 3 (scan): a code altered in any one character is 400 invalid_code, and nothing is written', async () => {
    const s = await freshStudent();
    const code = await codeOf(s);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // Each character swapped for another of its own kind, so the altered code still looks like a code.
    const swapped = (c: string) => (/[0-9]/.test(c) ? String((Number(c) % 9) + 1) : /[A-Za-z_-]/.test(c) ? alphabet[(alphabet.indexOf(c) + 1) % alphabet.length] : 'x');
    const before = await counts();
    const statuses = new Set<string>();
    for (let i = 0; i < code.length; i++) {
      const altered = code.slice(0, i) + swapped(code[i]) + code.slice(i + 1);
      expect(altered).not.toBe(code);
      const res = await scan(w.teacherA, w.tree.classA, altered);
      statuses.add(`${res.statusCode} ${res.json().error}`);
    }
    expect([...statuses]).toEqual(['400 invalid_code']);
    // Another person's id under this person's mac: a forged card for a classmate.
    const forged = code.replace(`.${s.id}.`, `.${w.studentA.id}.`);
    expect((await scan(w.teacherA, w.tree.classA, forged)).json().error).toBe('invalid_code');
    expect(await counts()).toEqual(before);
  });

  it("item 3 (scan): a code of norte scanned at this school is 400 invalid_code", async () => {
    const norteAdmin = await norteAccount(t, w, 'admin');
    const norteStudent = await t.db
      .selectFrom('memberships')
      .select('person_id')
      .where('org_id', '=', w.otherSchool.id)
      .where('role', '=', 'student')
      .executeTakeFirstOrThrow();
    const res = await as(t, norteAdmin, 'GET', `people/${norteStudent.person_id}/id-code`);
    expect(res.statusCode, res.body).toBe(200);
    const code = res.json().code as string;
    expect(verifyIdCode(t.config, w.otherSchool.id, code, today()).ok).toBe(true);
    const before = await counts();
    const scanned = await scan(w.admin, w.tree.classA, code);
    expect(scanned.statusCode).toBe(400);
    expect(scanned.json().error).toBe('invalid_code');
    // The same person id re-labelled as this school's: still not this school's mac.
    const relabelled = code.replace(`v1.${w.otherSchool.id}.`, `v1.${w.school.id}.`);
    expect((await scan(w.admin, w.tree.classA, relabelled)).json().error).toBe('invalid_code');
    expect(await counts()).toEqual(before);
  });

  it('item 3 (scan): a NUL byte, a 10 KB string, an empty code, a number or extra fields are 400 with nothing written', async () => {
    const s = await freshStudent();
    const code = await codeOf(s);
    const before = await counts();
    for (const bad of [`${code.slice(0, 10)}\u0000${code.slice(10)}`, `${code}\u0000`, 'v1.'.padEnd(10_240, 'A'), code.padEnd(ID_CODE_MAX + 1, 'A'), '', 12345, null]) {
      const res = await scan(w.teacherA, w.tree.classA, bad);
      expect(res.statusCode, String(bad).slice(0, 20)).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    const extra = await as(t, w.teacherA, 'POST', `attendance/checkpoints/${w.tree.classA}/scan`, { code, person: w.studentA.id });
    expect(extra.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
    expect(await recordsOf(s.id)).toEqual([]);
  });
});
