import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import type { TestPerson } from '../../test/factories';
import { norteParentOf } from '../threads/threads.fixtures';
import { addBlock, as, makeForm, pollInput, publishForm } from './forms.fixtures';

describeOnDatabases('form results for the owner', (t) => {
  let w: World;
  let coParent: TestPerson;
  let formId: number;
  const call = as(t);
  const answer = (who: TestPerson, forWhom: TestPerson, values: Record<string, unknown>) => call(who, 'POST', `people/${forWhom.id}/data/entities/${formId}/records`, values);

  beforeAll(async () => {
    w = await makeWorld(t);
    coParent = await t.makePerson(w.school, { relativeOf: w.studentA, gender: 'female', firstName: 'Marta' });
    ({ formId } = await publishForm(t, w.teacherA, [w.parentA, coParent, w.parentB, w.teacherB]));
    expect((await answer(w.parentA, w.studentA, { authorize: 'Sí', snack: 1 })).statusCode).toBe(201);
    expect((await answer(w.parentB, w.parentB, { authorize: 'No', snack: 0, notes: '=HYPERLINK("http://x","y")' })).statusCode).toBe(201);
  });

  it('counts each choice, the checked boxes and the filled fields, against the people the posts reached', async () => {
    const res = await call(w.teacherA, 'GET', `data/entities/${formId}/results`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      formId,
      answered: 2,
      audience: 4,
      fields: [
        { name: 'authorize', title: 'Autorización', type: 'select', counts: [{ option: 'Sí', count: 1 }, { option: 'No', count: 1 }], answers: 2 },
        { name: 'snack', title: 'Envía refrigerio', type: 'checkbox', counts: [{ option: 'checked', count: 1 }], answers: 2 },
        { name: 'notes', title: 'Observaciones', type: 'text', counts: [], answers: 1 },
      ],
    });
    expect((await call(w.admin, 'GET', `data/entities/${formId}/results`)).statusCode).toBe(200);
  });

  it('keeps counting a choice the owner removed since, and has no audience while no published post carries the form', async () => {
    const own = await makeForm(t, w.teacherA);
    const draft = (await call(w.teacherA, 'POST', `people/${w.teacherA.id}/posts/drafts`, {})).json().id;
    await addBlock(t, w.teacherA, draft, 'form', `data/entities/${own}`);
    expect((await call(w.teacherA, 'POST', `people/${w.teacherA.id}/data/entities/${own}/records`, { authorize: 'No' })).statusCode).toBe(201);
    await call(w.teacherA, 'PUT', `data/entities/${own}`, { ...pollInput, fields: [{ ...pollInput.fields[0], options: 'Sí\nTal vez' }] });
    const res = (await call(w.teacherA, 'GET', `data/entities/${own}/results`)).json();
    expect(res.audience).toBeNull();
    expect(res.fields).toEqual([
      { name: 'authorize', title: 'Autorización', type: 'select', counts: [{ option: 'Sí', count: 0 }, { option: 'Tal vez', count: 0 }, { option: 'No', count: 1 }], answers: 1 },
    ]);
  });

  it('lists the answers newest first, a page at a time, with who sent each', async () => {
    const res = await call(w.teacherA, 'GET', `data/entities/${formId}/records?limit=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json()).toEqual([
      {
        person: { id: w.parentB.id, firstName: 'Berta', lastName: w.parentB.lastName, lastName2: null, avatar: null },
        answeredBy: { id: w.parentB.id, firstName: 'Berta', lastName: w.parentB.lastName, lastName2: null, avatar: null },
        values: { authorize: 'No', snack: 0, notes: '=HYPERLINK("http://x","y")' },
        createdAt: expect.any(String),
      },
    ]);
    const second = (await call(w.teacherA, 'GET', `data/entities/${formId}/records?limit=1&page=2`)).json();
    expect(second).toMatchObject([{ person: { id: w.studentA.id }, answeredBy: { id: w.parentA.id } }]);
  });

  it('lists who has not answered: neither for themselves, nor by sending, nor for a child', async () => {
    const res = await call(w.teacherA, 'GET', `data/entities/${formId}/pending`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.json()).toEqual([{ id: w.teacherB.id, firstName: 'Tomás', lastName: w.teacherB.lastName, lastName2: null, avatar: null }]);
    // The co-parent's partner answered for their child: nobody asks the co-parent again.
    expect(res.json().map((p: { id: number }) => p.id)).not.toContain(coParent.id);
  });

  it('exports the answers as a CSV in the asked language, formulas neutralised', async () => {
    const res = await call(w.teacherA, 'GET', `data/entities/${formId}/records.csv?lang=en`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`filename="form-answers-${formId}.csv"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('Person,Answered by,Answered on,Autorización,Envía refrigerio,Observaciones');
    expect(lines).toHaveLength(3);
    const name = (p: TestPerson) => `"${p.lastName}, ${p.firstName}"`;
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${name(w.parentB)},${name(w.parentB)},[^,]+,No,No,"'=HYPERLINK\\(""http://x"",""y""\\)"$`)));
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${name(w.studentA)},${name(w.parentA)},[^,]+,Sí,Yes,$`)));
    const spanish = await call(w.teacherA, 'GET', `data/entities/${formId}/records.csv`);
    // Spanish writes decimals with a comma, so its cells are separated by ';'.
    expect(spanish.body).toContain('Persona;Respondido por;Fecha de respuesta');
    expect(spanish.body).toContain(';No;No;');
  });

  it('is for the owner and administrators only: readers 403, everyone else 404', async () => {
    for (const path of ['results', 'records', 'pending', 'records.csv']) {
      for (const who of [w.parentA, w.parentB, w.teacherB]) expect((await call(who, 'GET', `data/entities/${formId}/${path}`)).statusCode, `${who.firstName} ${path}`).toBe(403);
      for (const who of [w.studentB, w.driver, w.employee, w.otherAdmin, await norteParentOf(t, w)]) {
        expect((await call(who, 'GET', `data/entities/${formId}/${path}`)).statusCode, `${who.firstName} ${path}`).toBe(404);
      }
      expect((await call(w.admin, 'GET', `data/entities/${formId}/${path}`)).statusCode).toBe(200);
      expect((await t.request({ method: 'GET', url: `/api/${w.school.code}/data/entities/${formId}/${path}` })).statusCode).toBe(401);
    }
    expect((await call(w.teacherA, 'GET', `data/entities/${formId}/records.csv?lang=xx`)).statusCode).toBe(400);
    expect((await call(w.teacherA, 'GET', `data/entities/${formId}/records?limit=1000`)).statusCode).toBe(400);
  });
});
