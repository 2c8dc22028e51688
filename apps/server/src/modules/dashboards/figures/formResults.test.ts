import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../../test/factories';
import { describeOnDatabases, type Org } from '../../../test/harness';
import { as, makeForm, publishForm } from '../../forms/forms.fixtures';
import { blockDataOf, figureRequest, viewerOf } from './figure-context.fixtures';
import { formResultsFigure } from './formResults';

// Issue 36 §2 on both databases: a form-results block shows what GET data/entities/{id}/results shows,
// to those who may see it there (the form's owner, administrators); anyone else gets 403 forbidden_block.

const PERIOD = { from: '2026-01-01', to: '2026-01-31' };

describeOnDatabases('dashboard figure: formResults', (t) => {
  let school: Org;
  let admin: TestPerson;
  let owner: TestPerson;
  let reader: TestPerson;
  let formId: number;

  const results = async (viewer: TestPerson, id: number | null = formId) => formResultsFigure(await viewerOf(t, viewer), figureRequest('formResults', PERIOD, { formId: id }));

  beforeAll(async () => {
    school = await t.makeSchool({ settings: { timeZone: 'America/Bogota' } });
    admin = await t.makePerson(school, { role: 'admin' });
    owner = await t.makePerson(school, { role: 'teacher' });
    reader = await t.makePerson(school, { role: 'teacher', className: 'Class B' });
    const parents = [await t.makePerson(school), await t.makePerson(school)];
    ({ formId } = await publishForm(t, owner, [...parents, reader]));
    const answered = await as(t)(parents[0]!, 'POST', `people/${parents[0]!.id}/data/entities/${formId}/records`, { authorize: 'Sí', snack: 1 });
    expect(answered.statusCode, answered.body).toBe(201);
  });

  it("item 2: the owner's block: answers per choice as the results screen counts them, and who was asked and has not answered", async () => {
    const screen = (await as(t)(owner, 'GET', `data/entities/${formId}/results`)).json();
    const block = await results(owner);
    expect(block).toEqual({
      kind: 'formResults',
      form: { id: formId, name: 'Salida al museo' },
      answered: 1,
      pending: 2,
      fields: [
        { name: 'authorize', title: 'Autorización', type: 'select', choices: [{ label: 'Sí', count: 1 }, { label: 'No', count: 0 }], answers: 1 },
        { name: 'snack', title: 'Envía refrigerio', type: 'checkbox', choices: [{ label: 'checked', count: 1 }], answers: 1 },
        { name: 'notes', title: 'Observaciones', type: 'text', choices: null, answers: 0 },
      ],
    });
    expect(block.answered).toBe(screen.answered);
    expect(await results(admin)).toEqual(block);
  });

  it('item 2: a form no published post carries has nobody to count as pending', async () => {
    const lone = await makeForm(t, owner);
    expect(await results(owner, lone)).toMatchObject({ answered: 0, pending: null });
  });

  it('item 2: a reader of the form, a form of another school, and no form at all are refused alike with 403 forbidden_block', async () => {
    const refused = { statusCode: 403, code: 'forbidden_block' };
    await expect(results(reader)).rejects.toMatchObject(refused);
    const norte = await t.makeSchool({ settings: { timeZone: 'America/Bogota' } });
    const norteAdmin = await t.makePerson(norte, { role: 'admin' });
    await expect(results(norteAdmin)).rejects.toMatchObject(refused);
    // norte's own form id asked in this school: no form of this school.
    const norteForm = await makeForm(t, norteAdmin);
    await expect(results(admin, norteForm)).rejects.toMatchObject(refused);
    await expect(results(admin, 2_147_483_000)).rejects.toMatchObject(refused);
    await expect(results(admin, null)).rejects.toMatchObject(refused);
  });

  it("item 2: through the data route: the owner's figures, a reader's 403 forbidden_block; another school cannot even make a block of the form", async () => {
    const own = await blockDataOf(t, admin, owner, 'formResults', { formId });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ kind: 'formResults', form: { id: formId }, answered: 1, pending: 2 });
    const refused = await blockDataOf(t, admin, reader, 'formResults', { formId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('forbidden_block');
    const norte = await t.makeSchool({ settings: { timeZone: 'America/Bogota' } });
    const norteAdmin = await t.makePerson(norte, { role: 'admin' });
    const made = await t.request({
      method: 'POST',
      url: `/api/${norte.code}/dashboards`,
      token: await t.signIn(norteAdmin),
      body: { title: 'Ajeno', blocks: [{ kind: 'formResults', options: { formId } }] },
    });
    expect(made.statusCode).toBe(400);
  });
});
