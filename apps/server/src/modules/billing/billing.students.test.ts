import { beforeAll, expect, it } from 'vitest';
import { callerOf } from '../../test/callers';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { debitAccess } from './billing.access';
import { creditOf, debitOf } from './billing.fixtures';
import { startPayment } from './billing.payments.fixtures';

// Issue 29 item 4: a school setting decides whether students see their own billing (default: no).
// Their parent-like relatives and billing staff always do; a student never sees a sibling's.
describeOnDatabases('billing: students and their own debits', (t) => {
  let w: World;
  let sibling: TestPerson;
  const own = { debit: 0, credit: 0, payment: 0 };
  let siblingDebit = 0;

  const get = async (path: string, person: TestPerson) => t.request({ method: 'GET', url: `/api/${w.school.code}/${path}`, token: await t.signIn(person) });
  const setStudentsSee = async (person: TestPerson, value: unknown) =>
    t.request({ method: 'PUT', url: `/api/${w.school.code}/billing/settings`, token: await t.signIn(person), body: { studentsSeeOwnBilling: value } });

  /** Every billing read of student A's own rows, as `person`: status by path. */
  async function readsOfOwn(person: TestPerson): Promise<Record<string, number>> {
    const paths = [
      `people/${w.studentA.id}/billing/balance`,
      `people/${w.studentA.id}/billing/debits/pending`,
      `people/${w.studentA.id}/billing/debits/paid`,
      `people/${w.studentA.id}/billing/credits`,
      `people/${w.studentA.id}/billing/statement.pdf`,
      `billing/debits/${own.debit}`,
      `billing/credits/${own.credit}`,
      `billing/credits/${own.credit}/receipt.pdf`,
      `billing/payments/${own.payment}`,
    ];
    const out: Record<string, number> = {};
    for (const path of paths) out[path] = (await get(path, person)).statusCode;
    return out;
  }
  const all = (status: number) => (got: Record<string, number>) => Object.values(got).every((s) => s === status);

  beforeAll(async () => {
    w = await makeWorld(t);
    sibling = await t.makePerson(w.school, { role: 'student', node: w.tree.classB, firstName: 'Sara' });
    await t.relate(w.parentA, sibling);
    own.debit = (await debitOf(t, w.studentA)).id;
    own.credit = (await creditOf(t, w.studentA)).id;
    siblingDebit = (await debitOf(t, sibling)).id;
    const started = await startPayment(t, w.parentA, own.debit, 'students-1');
    expect(started.statusCode, started.body).toBe(201);
    own.payment = started.json().id;
  });

  it('item 4: a student does not see their own debits by default; relatives and billing staff do', async () => {
    const settings = await get('billing/settings', w.admin);
    expect(settings.json().studentsSeeOwnBilling).toBe(false);
    const student = await readsOfOwn(w.studentA);
    expect(all(403)(student), JSON.stringify(student)).toBe(true);
    expect((await startPayment(t, w.studentA, own.debit, 'student-pays')).statusCode).toBe(403);
    for (const person of [w.parentA, w.admin, w.employee]) {
      const reads = await readsOfOwn(person);
      expect(all(200)(reads), `${person.firstName}: ${JSON.stringify(reads)}`).toBe(true);
    }
    expect([...(await debitAccess.visible(t.db, await callerOf(t, w.studentA), [own.debit, siblingDebit]))]).toEqual([]);
    // The rule's SQL form says the same.
    const filter = await debitAccess.filter(t.db, await callerOf(t, w.studentA));
    expect(await t.db.selectFrom('billing_debits').select('id').where('org_id', '=', w.school.id).where(filter('billing_debits.id')).execute()).toEqual([]);
  });

  it('item 4: with the setting on, a student sees their own billing and never a sibling\'s; the setting applies at once', async () => {
    expect((await setStudentsSee(w.admin, true)).json()).toMatchObject({ studentsSeeOwnBilling: true });
    const student = await readsOfOwn(w.studentA);
    expect(all(200)(student), JSON.stringify(student)).toBe(true);
    expect((await get(`billing/debits/${siblingDebit}`, w.studentA)).statusCode).toBe(403);
    expect((await get(`people/${sibling.id}/billing/balance`, w.studentA)).statusCode).toBe(403);
    expect((await get(`people/${w.studentB.id}/billing/debits/pending`, w.studentA)).statusCode).toBe(403);
    const pending = await get(`people/${w.studentA.id}/billing/debits/pending`, w.studentA);
    expect(pending.json().map((d: { person: { id: number } }) => d.person.id)).toEqual([w.studentA.id]);
    expect([...(await debitAccess.visible(t.db, await callerOf(t, w.studentA), [own.debit, siblingDebit]))]).toEqual([own.debit]);
    // The parent still sees both children.
    const family = await get(`people/${w.parentA.id}/billing/debits/pending`, w.parentA);
    expect(family.json().map((d: { person: { id: number } }) => d.person.id).sort()).toEqual([w.studentA.id, sibling.id].sort());

    expect((await setStudentsSee(w.admin, false)).statusCode).toBe(200);
    expect((await get(`billing/debits/${own.debit}`, w.studentA)).statusCode).toBe(403);
    expect((await get(`billing/debits/${own.debit}`, w.parentA)).statusCode).toBe(200);
  });

  it('item 4: only billing staff change the setting; bad input is 400 and changes nothing', async () => {
    for (const person of [w.studentA, w.parentA, w.teacherA]) expect((await setStudentsSee(person, true)).statusCode).toBe(403);
    for (const bad of ['yes', 1, null]) expect((await setStudentsSee(w.admin, bad)).statusCode).toBe(400);
    const empty = await t.request({ method: 'PUT', url: `/api/${w.school.code}/billing/settings`, token: await t.signIn(w.admin), body: {} });
    expect(empty.statusCode).toBe(400);
    // Another school's administrator changes their own school, never this one.
    expect((await t.request({ method: 'PUT', url: `/api/${w.otherSchool.code}/billing/settings`, token: await t.signIn(w.otherAdmin), body: { studentsSeeOwnBilling: true } })).statusCode).toBe(200);
    expect((await get('billing/settings', w.admin)).json().studentsSeeOwnBilling).toBe(false);
    expect((await get(`billing/debits/${own.debit}`, w.studentA)).statusCode).toBe(403);
    // Changing only the interest keeps the students' setting, and the reverse.
    await setStudentsSee(w.admin, true);
    const interest = await t.request({ method: 'PUT', url: `/api/${w.school.code}/billing/settings`, token: await t.signIn(w.admin), body: { interest: { monthlyRatePercent: 1, graceDays: 5 } } });
    expect(interest.json()).toMatchObject({ studentsSeeOwnBilling: true, interest: { monthlyRatePercent: 1, graceDays: 5 } });
    expect((await setStudentsSee(w.admin, false)).json()).toMatchObject({ studentsSeeOwnBilling: false, interest: { monthlyRatePercent: 1, graceDays: 5 } });
  });
});
