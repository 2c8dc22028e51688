import { addDays, DEFAULT_TIME_ZONE, localDateOf, midnightOf } from '@patio/core/calendar/times';
import { ZIdCode } from '@patio/core';
import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { upsertRelationshipPair } from '../people/index';
import { as } from '../posts/posts.fixtures';
import { verifyIdCode } from './idcards.code';

// Issue 36 §3 on both databases: GET people/{id}/id-code, the school ID card's signed daily code, for
// the student, their parent-like relatives and administrators only, and only for a current student.

const today = () => localDateOf(Math.floor(Date.now() / 1000), DEFAULT_TIME_ZONE);

describeOnDatabases('ID card codes', (t) => {
  let w: World;
  let graduate: TestPerson;
  const idCode = (who: TestPerson, personId: number) => as(t, who, 'GET', `people/${personId}/id-code`);

  beforeAll(async () => {
    w = await makeWorld(t);
    graduate = await t.makePerson(w.school, { firstName: 'Gustavo' });
    await t.enroll(graduate, w.tree.classA, { status: 'graduated' });
  });

  it("item 3 (/id): a student gets today's signed code, the same all day, valid until the school's next midnight", async () => {
    const res = await idCode(w.studentA, w.studentA.id);
    expect(res.statusCode).toBe(200);
    const body = ZIdCode.parse(res.json());
    const day = today();
    expect(body.day).toBe(day);
    expect(body.validUntil).toBe(midnightOf(addDays(day, 1), DEFAULT_TIME_ZONE));
    expect(body.validUntil).toBeGreaterThan(Date.now() / 1000);
    expect(body.code).toMatch(new RegExp(`^v1\\.${w.school.id}\\.${w.studentA.id}\\.${day}\\.[A-Za-z0-9_-]{43}$`));
    expect(body.code.length).toBeLessThan(90);
    expect(verifyIdCode(t.config, w.school.id, body.code, day)).toEqual({ ok: true, personId: w.studentA.id, day });
    expect((await idCode(w.studentA, w.studentA.id)).json()).toEqual(body);
  });

  it("item 3 (/id): a student's parent-like relative and the administrators get the child's code; the same code", async () => {
    const own = (await idCode(w.studentA, w.studentA.id)).json().code;
    for (const who of [w.parentA, w.admin]) {
      const res = await idCode(who, w.studentA.id);
      expect(res.statusCode, who.firstName).toBe(200);
      expect(res.json().code).toBe(own);
    }
    expect((await idCode(w.riderParent, w.rider.id)).statusCode).toBe(200);
  });

  it('item 3 (/id): another family, teachers, classmates, the driver and school-wide employees are refused', async () => {
    for (const who of [w.parentB, w.teacherA, w.teacherB, w.studentB, w.driver, w.employee]) {
      const res = await idCode(who, w.studentA.id);
      expect(res.statusCode, who.firstName).toBe(403);
      expect(res.json().error).toBe('forbidden');
    }
  });

  it("item 3 (/id): norte's administrator gets 401/403 on this school and 404 on norte for this school's student; an unknown id is 404", async () => {
    const foreign = await t.request({ method: 'GET', url: `/api/${w.school.code}/people/${w.studentA.id}/id-code`, token: await t.signIn(w.otherAdmin) });
    expect([401, 403]).toContain(foreign.statusCode);
    const atHome = await t.request({ method: 'GET', url: `/api/${w.otherSchool.code}/people/${w.studentA.id}/id-code`, token: await t.signIn(w.otherAdmin) });
    expect(atHome.statusCode).toBe(404);
    expect(JSON.stringify(atHome.json())).not.toContain('v1.');
    expect((await idCode(w.admin, 999_999_999)).statusCode).toBe(404);
  });

  it('item 3 (/id): only a current student has a card: staff, parents and a graduate get 404 no_id_card', async () => {
    for (const [who, personId] of [
      [w.teacherA, w.teacherA.id],
      [w.parentA, w.parentA.id],
      [w.admin, w.admin.id],
      [w.admin, w.teacherA.id],
      [w.admin, graduate.id],
    ] as const) {
      const res = await idCode(who, personId);
      expect(res.statusCode, `${who.firstName} → ${personId}`).toBe(404);
      expect(res.json().error).toBe('no_id_card');
    }
  });

  it('item 3 (/id): an unapproved registration gets no code, neither for itself nor for a child it names', async () => {
    const registrant = await makeRegistrant(t, w.school);
    const child = await t.makePerson(w.school, { role: 'student', node: w.tree.classB, firstName: 'Nina' });
    await upsertRelationshipPair(t.db, w.school.id, { personId: child.id, relativeId: registrant.id, kind: 'mother', inverseKind: 'daughter' });
    const res = await idCode(registrant, child.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('registration_pending');
    // A student who registered themselves and waits for approval has no card, even for an administrator.
    const pendingStudent = await makeRegistrant(t, w.school, { firstName: 'Pía' });
    await t.enroll(pendingStudent, w.tree.classB);
    expect((await idCode(w.admin, pendingStudent.id)).json().error).toBe('no_id_card');
  });
});
