import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { debitOf } from './billing.fixtures';

describeOnDatabases('billing: payment reminders to debtors’ families', (t) => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld(t);
  });

  const remind = async (as: TestPerson, body: object = {}) => t.request({ method: 'POST', url: `/api/${as.org.code}/billing/reminders`, token: await t.signIn(as), body });
  const feedOf = async (person: TestPerson) => {
    const res = await t.request({ method: 'GET', url: `/api/${person.org.code}/people/${person.id}/threads/feed`, token: await t.signIn(person) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { type: string; title: string; latest: { excerpt: string } }[];
  };

  it('answers 409 no_debtors while nobody owes, and refuses teachers and families', async () => {
    await debitOf(t, w.studentB, '2099-12-10'); // not due yet
    const none = await remind(w.admin);
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toBe('no_debtors');
    expect((await remind(w.teacherA)).statusCode).toBe(403);
    expect((await remind(w.parentA)).statusCode).toBe(403);
  });

  it("posts a payment reminder that reaches the debtor's family, not the student nor another family, naming no amount", async () => {
    await debitOf(t, w.studentA, '2020-01-10');
    const res = await remind(w.employee);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ postId: expect.any(Number), recipients: 1 });
    const [post] = (await feedOf(w.parentA)).filter((item) => item.type === 'payment');
    expect(post).toMatchObject({ title: 'Recordatorio de pago', latest: { excerpt: expect.stringContaining('cobros vencidos') } });
    expect(post.latest.excerpt).not.toMatch(/\d{3}/);
    expect((await feedOf(w.parentB)).filter((item) => item.type === 'payment')).toEqual([]);
    const stubs = await t.db.selectFrom('stubs').select('person_id').where('org_id', '=', w.school.id).where('post_id', '=', res.json().postId).execute();
    expect(stubs.map((s) => s.person_id)).toEqual([w.parentA.id]);
  });

  it('takes a title and message of its own', async () => {
    const res = await remind(w.admin, { title: 'Pensiones atrasadas', message: 'Primer párrafo.\n\nSegundo <b>párrafo</b>.' });
    expect(res.statusCode, res.body).toBe(201);
    const [post] = (await feedOf(w.parentA)).filter((item) => item.title === 'Pensiones atrasadas');
    expect(post.latest.excerpt).toContain('Segundo <b>párrafo</b>.');
    expect((await remind(w.admin, { title: '' })).statusCode).toBe(400);
  });
});
