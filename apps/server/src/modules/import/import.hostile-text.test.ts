import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { importKit } from '../../test/import-test-kit';

describeOnDatabases('import of control characters', (t) => {
  it('items 10 and 18: control characters in the file name and cells give row errors, never a 500', async () => {
    const school = await t.makeSchool();
    const tree = await t.makeTree(school);
    const kit = importKit(t, school, await t.signIn(await t.makePerson(school, { role: 'admin' })));
    const draft = await kit.upload(tree.classA, 'a\u0000b.csv', 'Nombre,Apellido,Documento,Correo\nA\u0000na,Ruiz,NUL1,ana\u0000@example.com\nLuz,Ruiz,NUL2,\n');
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json().fileName).toBe('ab.csv');
    expect(draft.json().errors.map((e: { row: number; field: string; code: string }) => `${e.row}:${e.field}:${e.code}`)).toEqual([
      '2:firstName:invalid_characters', '2:email:invalid_characters',
    ]);
    const commit = await kit.commit(tree.classA, draft.json().id);
    expect(commit.statusCode).toBe(409);
    expect(commit.json().error).toBe('import_has_errors');
  });
});
