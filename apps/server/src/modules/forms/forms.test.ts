import { FORM_MAX_FIELDS } from '@patio/core';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { norteParentOf, publishPost } from '../threads/threads.fixtures';
import { addBlock, as, makeForm, pollInput, publishForm } from './forms.fixtures';

describeOnDatabases('forms and polls', (t) => {
  let w: World;
  const call = as(t);
  beforeAll(async () => {
    w = await makeWorld(t);
  });

  it('creates a form for any member, with its fields in their order and defaults filled in', async () => {
    const res = await call(w.parentA, 'POST', 'data/entities', {
      title: 'Rifa',
      fields: [
        { name: 'b', type: 'text', order: 2 },
        { name: 'a', type: 'select', title: 'Color', options: 'Rojo\nAzul', order: 1 },
        { name: 'c', type: 'checkbox', order: 2 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      title: 'Rifa',
      description: '',
      ownerId: w.parentA.id,
      updatedAt: expect.any(String),
      fields: [
        { name: 'a', type: 'select', title: 'Color', description: '', options: 'Rojo\nAzul', order: 1 },
        { name: 'b', type: 'text', title: '', description: '', options: '', order: 2 },
        { name: 'c', type: 'checkbox', title: '', description: '', options: '', order: 2 },
      ],
    });
    // The block lifecycle's empty form.
    expect((await call(w.teacherA, 'POST', 'data/entities', { title: '', description: '', fields: [] })).statusCode).toBe(201);
  });

  it('saves the whole form for its owner or an administrator; readers 403, others 404', async () => {
    const { formId } = await publishForm(t, w.teacherA, [w.parentA]);
    const change = { ...pollInput, title: 'Salida al zoológico', fields: pollInput.fields.slice(0, 1) };
    const saved = await call(w.teacherA, 'PUT', `data/entities/${formId}`, change);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ id: formId, title: 'Salida al zoológico', fields: [{ name: 'authorize' }] });
    expect((await call(w.admin, 'PUT', `data/entities/${formId}`, pollInput)).statusCode).toBe(200);
    expect((await call(w.parentA, 'PUT', `data/entities/${formId}`, change)).statusCode).toBe(403);
    expect((await call(w.parentA, 'DELETE', `data/entities/${formId}`)).statusCode).toBe(403);
    for (const who of [w.parentB, w.teacherB, w.driver, w.otherAdmin]) {
      expect((await call(who, 'PUT', `data/entities/${formId}`, change)).statusCode, who.firstName).toBe(404);
      expect((await call(who, 'DELETE', `data/entities/${formId}`)).statusCode, who.firstName).toBe(404);
    }
    expect((await call(w.parentA, 'GET', `data/entities/${formId}`)).json()).toMatchObject({ title: pollInput.title, fields: [{}, {}, {}] });
  });

  it('issue 36 item 2: lists the forms whose answers the caller may read: their own, or all of the school for an administrator', async () => {
    const { formId } = await publishForm(t, w.teacherA, [w.parentA]);
    const ids = async (who: typeof w.admin) => {
      const res = await call(who, 'GET', 'data/entities');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { id: number; ownerId: number }[]).map((form) => form.id);
    };
    expect(await ids(w.teacherA)).toContain(formId);
    expect(await ids(w.admin)).toContain(formId);
    // A reader of the post that carries it may answer, not read the answers: not listed. Nor for another teacher.
    expect(await ids(w.parentA)).not.toContain(formId);
    expect(await ids(w.teacherB)).not.toContain(formId);
    const listed = (await call(w.teacherA, 'GET', 'data/entities')).json() as { ownerId: number }[];
    expect(listed.every((form) => form.ownerId === w.teacherA.id)).toBe(true);
    // Another school's administrator lists their own school's forms only.
    expect(await ids(w.otherAdmin)).not.toContain(formId);
  });

  it('is read by its owner, administrators and readers of a post that carries it; 404 for everyone else', async () => {
    const { formId } = await publishForm(t, w.teacherA, [w.parentA]);
    for (const who of [w.teacherA, w.admin, w.parentA]) expect((await call(who, 'GET', `data/entities/${formId}`)).statusCode, who.firstName).toBe(200);
    for (const who of [w.parentB, w.teacherB, w.studentA, w.driver, w.employee, w.otherAdmin, await norteParentOf(t, w)]) {
      expect((await call(who, 'GET', `data/entities/${formId}`)).statusCode, who.firstName).toBe(404);
    }
    expect((await call(await makeRegistrant(t, w.school), 'GET', `data/entities/${formId}`)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/${w.school.code}/data/entities/${formId}` })).statusCode).toBe(401);
    // A form nobody put in a post is its owner's alone.
    const loose = await makeForm(t, w.teacherA);
    expect((await call(w.parentA, 'GET', `data/entities/${loose}`)).statusCode).toBe(404);
    // Reaching parent B later, through a second post, lets parent B read it too.
    const second = await publishPost(t, w.teacherA, [w.parentB]);
    await addBlock(t, w.teacherA, second.id, 'form', `data/entities/${formId}`);
    expect((await call(w.parentB, 'GET', `data/entities/${formId}`)).statusCode).toBe(200);
  });

  it('deletes a form with its records', async () => {
    const { formId } = await publishForm(t, w.teacherA, [w.parentA]);
    expect((await call(w.parentA, 'POST', `people/${w.parentA.id}/data/entities/${formId}/records`, { authorize: 'Sí' })).statusCode).toBe(201);
    expect((await call(w.teacherA, 'DELETE', `data/entities/${formId}`)).statusCode).toBe(204);
    expect((await call(w.teacherA, 'GET', `data/entities/${formId}`)).statusCode).toBe(404);
    const left = await t.db.selectFrom('form_records').select('id').where('org_id', '=', w.school.id).where('form_id', '=', formId).execute();
    expect(left).toEqual([]);
  });

  it('refuses bad forms with 400 and writes nothing', async () => {
    const field = { name: 'a', type: 'text', order: 1 };
    const bad: unknown[] = [
      { fields: [field, field] },
      { fields: [{ ...field, type: 'date' }] },
      { fields: [{ ...field, name: 'con espacio' }] },
      { fields: [{ ...field, name: '' }] },
      { fields: [{ ...field, order: -1 }] },
      { fields: [{ ...field, order: 1.5 }] },
      { fields: Array.from({ length: FORM_MAX_FIELDS + 1 }, (_, i) => ({ ...field, name: `f${i}` })) },
      { title: 'x'.repeat(501) },
      { title: 'Con\u0000nulo' },
      { fields: [{ ...field, options: 'Sí\u0000' }] },
      { fields: 'no' },
    ];
    const before = await t.db.selectFrom('form_entities').select('id').where('org_id', '=', w.school.id).execute();
    for (const body of bad) {
      const res = await call(w.teacherA, 'POST', 'data/entities', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const huge = await call(w.teacherA, 'POST', 'data/entities', { fields: Array.from({ length: 100 }, (_, i) => ({ ...field, name: `f${i}`, description: 'd'.repeat(2000), options: 'x'.repeat(10_000) })) });
    expect(huge.statusCode).toBe(413);
    const after = await t.db.selectFrom('form_entities').select('id').where('org_id', '=', w.school.id).execute();
    expect(after).toHaveLength(before.length);
  });
  it('item 4: a save naming no part of the form (only unknown keys) is 400 and changes nothing', async () => {
    const { formId } = await publishForm(t, w.teacherA, [w.parentA]);
    for (const body of [{ titel: 'x', felds: [] }, {}, { id: formId, ownerId: w.teacherA.id }]) {
      const res = await call(w.teacherA, 'PUT', `data/entities/${formId}`, body);
      expect({ status: res.statusCode, error: res.json().error }, JSON.stringify(body)).toEqual({ status: 400, error: 'invalid_request' });
    }
    expect((await call(w.teacherA, 'GET', `data/entities/${formId}`)).json()).toMatchObject({ title: pollInput.title, fields: [{ name: 'authorize' }, { name: 'snack' }, { name: 'notes' }] });
    // One known key is a whole-form save, as before.
    expect((await call(w.teacherA, 'PUT', `data/entities/${formId}`, { ...pollInput, extra: 1 })).statusCode).toBe(200);
  });

  it('item 4: removing a field with answers is 409 field_has_answers unless confirm=true, and every answer stays readable', async () => {
    const { formId } = await publishForm(t, w.teacherA, [w.parentA, w.parentB]);
    const answered = await call(w.parentA, 'POST', `people/${w.parentA.id}/data/entities/${formId}/records`, { authorize: 'Sí', snack: 1, notes: 'Sin maní' });
    expect(answered.statusCode, answered.body).toBe(201);
    const [authorize, snack, notes] = pollInput.fields;
    const path = `data/entities/${formId}`;

    // Removing (or renaming) answered fields: 409 naming them, nothing saved, also for 20 saves at once.
    const tries = await Promise.all(Array.from({ length: 20 }, () => call(w.teacherA, 'PUT', path, { ...pollInput, fields: [authorize, { ...notes, name: 'remarks' }] })));
    for (const res of tries) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'field_has_answers', message: expect.stringContaining('Envía refrigerio'), details: [{ path: 'snack', message: expect.any(String) }, { path: 'notes', message: expect.any(String) }] });
    }
    expect((await call(w.teacherA, 'GET', path)).json().fields.map((f: { name: string }) => f.name)).toEqual(['authorize', 'snack', 'notes']);
    expect((await call(w.teacherA, 'PUT', `${path}?confirm=false`, { ...pollInput, fields: [authorize] })).statusCode).toBe(409);
    expect((await call(w.teacherA, 'PUT', `${path}?confirm=yes`, { ...pollInput, fields: [authorize] })).statusCode).toBe(400);

    // Changing what an answered field is (a text made a checkbox, new choices) needs no confirmation,
    // and readers still show the answers as they were given.
    const changed = await call(w.teacherA, 'PUT', path, { ...pollInput, fields: [{ ...authorize, options: 'Tal vez' }, snack, { ...notes, type: 'checkbox' }] });
    expect(changed.statusCode, changed.body).toBe(200);
    const csv = (await call(w.teacherA, 'GET', `${path}/records.csv`)).rawPayload.toString('utf8');
    // Spanish cells are separated by ';' (its decimals take the comma).
    expect(csv).toContain(';Sí;Sí;Sin maní\r\n');

    // A field nobody answered goes without asking; an answered one with confirm=true.
    const extra = { name: 'extra', type: 'text' as const, title: 'Extra', description: '', options: '', order: 4 };
    expect((await call(w.teacherA, 'PUT', path, { ...pollInput, fields: [...pollInput.fields, extra] })).statusCode).toBe(200);
    expect((await call(w.teacherA, 'PUT', path, pollInput)).statusCode).toBe(200);
    const confirmed = await call(w.teacherA, 'PUT', `${path}?confirm=true`, { ...pollInput, fields: [authorize] });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().fields.map((f: { name: string }) => f.name)).toEqual(['authorize']);

    // The record keeps every answer it was given, for the family and for the owner.
    const own = await call(w.parentA, 'GET', `people/${w.parentA.id}/data/entities/${formId}/records`);
    expect(own.json()).toEqual([expect.objectContaining({ values: { authorize: 'Sí', snack: 1, notes: 'Sin maní' } })]);
    const list = await call(w.teacherA, 'GET', `${path}/records`);
    expect(list.json()).toEqual([expect.objectContaining({ values: { authorize: 'Sí', snack: 1, notes: 'Sin maní' } })]);
    // Putting a field back under its name shows its answers again.
    expect((await call(w.teacherA, 'PUT', path, pollInput)).statusCode).toBe(200);
    expect((await call(w.teacherA, 'GET', `${path}/records.csv`)).rawPayload.toString('utf8')).toContain(';Sí;Sí;Sin maní\r\n');
  });
});
