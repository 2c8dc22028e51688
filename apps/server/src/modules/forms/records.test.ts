import { FORM_TEXT_MAX } from '@patio/core';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { connectLive, listenOnLoopback, type LiveTestClient } from '../live/live-client.fixtures';
import { norteParentOf } from '../threads/threads.fixtures';
import { as, publishForm } from './forms.fixtures';

describeOnDatabases('form records', (t) => {
  let w: World;
  const call = as(t);
  const records = (personId: number, formId: number) => `people/${personId}/data/entities/${formId}/records`;
  const stored = (formId: number) => t.db.selectFrom('form_records').select(['person_id', 'answered_by', 'values']).where('org_id', '=', w.school.id).where('form_id', '=', formId).execute();
  const sockets: LiveTestClient[] = [];
  beforeAll(async () => {
    w = await makeWorld(t);
  });
  /** The next form notice of a socket, past any thread notices. */
  const nextFormNotice = async (client: LiveTestClient) => {
    for (;;) {
      const message = (await client.next()) as { type: string };
      if (message.type === 'form.answered') return message;
    }
  };
  afterEach(() => {
    for (const client of sockets.splice(0)) client.socket.terminate();
  });

  it('stores one answer per person, normalised by the form block\'s own rule, and shows it back', async () => {
    const { formId } = await publishForm(t, w.teacherA, [w.parentA]);
    const res = await call(w.parentA, 'POST', records(w.parentA.id, formId), { authorize: ' Sí ', snack: true, notes: '  Llega tarde  ' });
    expect(res.statusCode, res.body).toBe(201);
    const record = { id: expect.any(Number), formId, personId: w.parentA.id, answeredBy: w.parentA.id, values: { authorize: 'Sí', snack: 1, notes: 'Llega tarde' }, createdAt: expect.any(String) };
    expect(res.json()).toEqual(record);
    expect((await call(w.parentA, 'GET', records(w.parentA.id, formId))).json()).toEqual([record]);
    expect((await call(w.teacherA, 'GET', records(w.parentA.id, formId))).json()).toEqual([record]);
    expect((await call(w.admin, 'GET', records(w.parentA.id, formId))).json()).toEqual([record]);
    // An untouched select and an unchecked box are fine; nobody answers twice.
    const again = await call(w.parentA, 'POST', records(w.parentA.id, formId), { snack: 0 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('already_answered');
    expect(await stored(formId)).toHaveLength(1);
    // A reader without a record gets an empty list.
    expect((await call(w.teacherA, 'GET', records(w.teacherA.id, formId))).json()).toEqual([]);
  });

  it('lets a parent answer for their child, whether the post reached the parent or the child', async () => {
    const toParent = await publishForm(t, w.teacherA, [w.parentA]);
    const forChild = await call(w.parentA, 'POST', records(w.studentA.id, toParent.formId), { authorize: 'No' });
    expect(forChild.statusCode, forChild.body).toBe(201);
    expect(forChild.json()).toMatchObject({ personId: w.studentA.id, answeredBy: w.parentA.id });
    expect((await call(w.parentA, 'GET', records(w.studentA.id, toParent.formId))).json()).toHaveLength(1);

    const toChild = await publishForm(t, w.teacherA, [w.studentA]);
    expect((await call(w.parentA, 'GET', `data/entities/${toChild.formId}`)).statusCode).toBe(404);
    expect((await call(w.parentA, 'POST', records(w.studentA.id, toChild.formId), { authorize: 'Sí' })).statusCode).toBe(201);
    expect((await call(w.studentA, 'GET', records(w.studentA.id, toChild.formId))).json()).toMatchObject([{ answeredBy: w.parentA.id }]);
    // The parent is not in that post's audience: they may not answer for themselves.
    expect((await call(w.parentA, 'POST', records(w.parentA.id, toChild.formId), { authorize: 'Sí' })).statusCode).toBe(404);
  });

  it('refuses answers for someone else: 403 to a reader of the form, 404 to anyone who may not know it', async () => {
    const { formId } = await publishForm(t, w.teacherA, [w.parentA, w.parentB]);
    const attempts: [typeof w.parentA, number, number][] = [
      [w.parentA, w.studentB.id, 403],
      [w.parentA, w.teacherB.id, 403],
      [w.parentB, w.studentA.id, 403],
      [w.teacherA, w.parentA.id, 403],
      [w.admin, w.parentA.id, 403],
      [w.teacherB, w.studentB.id, 404],
      [w.driver, w.rider.id, 404],
      [w.riderParent, w.rider.id, 404],
      [w.otherAdmin, w.otherAdmin.id, 404],
    ];
    for (const [who, personId, status] of attempts) {
      expect((await call(who, 'POST', records(personId, formId), { authorize: 'Sí' })).statusCode, `${who.firstName} for ${personId}`).toBe(status);
      expect((await call(who, 'GET', records(personId, formId))).statusCode, `${who.firstName} reads ${personId}`).toBe(status === 403 && who !== w.teacherA && who !== w.admin ? 403 : status === 404 ? 404 : 200);
    }
    const norteParent = await norteParentOf(t, w);
    expect((await call(norteParent, 'POST', records(norteParent.id, formId), {})).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `/api/${w.school.code}/${records(w.parentA.id, formId)}`, token: await t.signIn(norteParent), body: {} })).statusCode).toBe(403);
    const registrant = await makeRegistrant(t, w.school);
    expect((await call(registrant, 'POST', records(registrant.id, formId), {})).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: `/api/${w.school.code}/${records(w.parentA.id, formId)}`, body: {} })).statusCode).toBe(401);
    expect((await call(w.teacherA, 'GET', records(999_999, formId))).statusCode).toBe(404);
    expect(await stored(formId)).toEqual([]);
  });

  it('names the field of an unknown field, an invalid choice or value, and stores nothing', async () => {
    const { formId } = await publishForm(t, w.teacherA, [w.parentA]);
    const cases: [unknown, number, string, string | undefined][] = [
      [{ authorize: 'Sí', colour: 'azul' }, 400, 'unknown_field', 'colour'],
      [{ authorize: 'Quizás' }, 400, 'invalid_choice', 'authorize'],
      [{ authorize: 1 }, 400, 'invalid_value', 'authorize'],
      [{ snack: 'maybe' }, 400, 'invalid_value', 'snack'],
      [{ notes: 'x'.repeat(FORM_TEXT_MAX + 1) }, 400, 'invalid_value', 'notes'],
      [{ notes: 'con\u0000nulo' }, 400, 'invalid_characters', undefined],
      [{ ['notes\u0000']: 'x' }, 400, 'invalid_characters', undefined],
      [{ notes: { nested: true } }, 400, 'invalid_request', undefined],
      [['Sí'], 400, 'invalid_request', undefined],
      [{ notes: 'x'.repeat(2_000_000) }, 413, 'payload_too_large', undefined],
    ];
    for (const [body, status, error, field] of cases) {
      const res = await call(w.parentA, 'POST', records(w.parentA.id, formId), body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(res.json().error).toBe(error);
      if (field) expect(res.json().details).toEqual([{ path: field, message: expect.any(String) }]);
    }
    expect(await stored(formId)).toEqual([]);
  });

  it('stores one record when 20 identical answers arrive at once', async () => {
    const { formId } = await publishForm(t, w.teacherA, [w.parentA]);
    const token = await t.signIn(w.parentA);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.request({ method: 'POST', url: `/api/${w.school.code}/${records(w.parentA.id, formId)}`, token, body: { authorize: 'Sí' } })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    expect(await stored(formId)).toEqual([{ person_id: w.parentA.id, answered_by: w.parentA.id, values: '{"authorize":"Sí"}' }]);
  });

  it("tells the form's owner live, and nobody else", async () => {
    const base = await listenOnLoopback(t.app);
    const { formId } = await publishForm(t, w.teacherA, [w.parentA, w.parentB]);
    const owner = await connectLive(base, w.school.code, await t.signIn(w.teacherA));
    const other = await connectLive(base, w.school.code, await t.signIn(w.parentB));
    sockets.push(owner, other);
    expect((await call(w.parentA, 'POST', records(w.parentA.id, formId), { authorize: 'Sí' })).statusCode).toBe(201);
    expect(await nextFormNotice(owner)).toEqual({ type: 'form.answered', formId });
    // A refused answer announces nothing.
    expect((await call(w.parentA, 'POST', records(w.parentA.id, formId), { authorize: 'Sí' })).statusCode).toBe(409);
    expect((await call(w.parentB, 'POST', records(w.parentB.id, formId), {})).statusCode).toBe(201);
    expect(await nextFormNotice(owner)).toEqual({ type: 'form.answered', formId });
    // Thread notices of the post may arrive too; form notices go to the owner only.
    const formNotices = (client: LiveTestClient) => client.received.filter((m) => (m as { type: string }).type === 'form.answered');
    expect(formNotices(owner)).toHaveLength(2);
    expect(formNotices(other)).toEqual([]);
  });
});
