import { expect, it } from 'vitest';
import { describeOnDatabases, type Org } from '../../test/harness';
import { importKit } from '../../test/import-test-kit';

describeOnDatabases('import matching by document', (t) => {
  async function setup() {
    const school = await t.makeSchool();
    const tree = await t.makeTree(school);
    const token = await t.signIn(await t.makePerson(school, { role: 'admin' }));
    return { school, tree, kit: importKit(t, school, token) };
  }
  const peopleWithKey = async (school: Org, key: string) =>
    t.db.selectFrom('people').select(['id', 'document']).where('org_id', '=', school.id).where('document_key', '=', key).execute();

  /** A person who registered themself and waits for a decision (status pending or rejected). */
  async function registrant(school: Org, document: string, status: 'pending' | 'rejected') {
    const now = new Date().toISOString();
    const person = await t.db
      .insertInto('people')
      .values({
        org_id: school.id, username: null, password_hash: null, first_name: 'Rita', last_name: 'Registrada', last_name2: null,
        document, document_key: document.replace(/\W/g, '').toUpperCase(), gender: 'female', birthday: null, email: null, mobile: null,
        student_code: null, avatar: null, language: 'es', is_admin: 0, search_key: 'rita registrada', sort_key: 'registrada\t\trita', created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('registrations')
      .values({
        org_id: school.id, person_id: person.id, status, language: 'es', token_hash: Math.random().toString(16).slice(2).padEnd(64, 'a'),
        token_expires_at: new Date(Date.now() + 86_400_000).toISOString(), email_verified_at: null, decided_by: null, decided_at: null,
        created_at: now, form: null,
      })
      .execute();
    return person.id;
  }
  const attachmentsOf = async (school: Org, personId: number) => ({
    memberships: await t.db.selectFrom('memberships').select('id').where('org_id', '=', school.id).where('person_id', '=', personId).execute(),
    relationships: await t.db.selectFrom('relationships').select('id').where('org_id', '=', school.id)
      .where((eb) => eb.or([eb('person_id', '=', personId), eb('relative_id', '=', personId)])).execute(),
  });

  it('item 1: an import never attaches to a person whose registration is pending or rejected', async () => {
    const { school, tree, kit } = await setup();
    const pending = await registrant(school, 'REG-100', 'pending');
    const rejected = await registrant(school, 'REG-200', 'rejected');
    const csv = [
      'Nombre,Apellido,Documento,Nombre acudiente,Apellido acudiente,Documento acudiente,Parentesco',
      'Ana,Ruiz,REG-100,Eva,Ruiz,P1,madre',
      'Luz,Ruiz,S2,Rita,Registrada,REG-200,madre',
      'Sol,Ruiz,S3,Eva,Ruiz,P1,madre',
    ].join('\n');
    const draft = await kit.upload(tree.classA, 'class.csv', csv);
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json().errors.map((e: { row: number; field: string; code: string }) => `${e.row}:${e.field}:${e.code}`)).toEqual([
      '2:document:document_in_registration', '3:relativeDocument:document_in_registration',
    ]);
    const commit = await kit.commit(tree.classA, draft.json().id);
    expect(commit.statusCode).toBe(409);
    expect(commit.json()).toMatchObject({ error: 'import_has_errors', message: expect.any(String) });
    for (const id of [pending, rejected]) expect(await attachmentsOf(school, id)).toEqual({ memberships: [], relationships: [] });

    // Committed around them (the registration was pending when the draft was made, decided later)…
    await t.db.updateTable('registrations').set({ status: 'approved' }).where('org_id', '=', school.id).where('person_id', '=', pending).execute();
    const again = await kit.importCsv(tree.classA, csv.split('\n').filter((line) => !line.includes('REG-200')).join('\n'));
    expect(again.statusCode, again.body).toBe(200);
    expect((await attachmentsOf(school, pending)).memberships).toHaveLength(1);
    expect(await attachmentsOf(school, rejected)).toEqual({ memberships: [], relationships: [] });
  });

  it('item 11: documents typed differently match one person, and two documents with one key in a file are flagged', async () => {
    const { school, tree, kit } = await setup();
    expect((await kit.importCsv(tree.classA, 'Nombre,Apellido,Documento\nAna,Ruiz,1.023.456-7\n')).statusCode).toBe(200);
    const again = await kit.importCsv(tree.classB, 'Nombre,Apellido,Documento\nAna,Ruiz,10234567\n');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().result).toMatchObject({ created: 0, updated: 1 });
    expect(await peopleWithKey(school, '10234567')).toEqual([{ id: expect.any(Number), document: '10234567' }]);

    const twice = await kit.upload(tree.classA, 'twice.csv', 'Nombre,Apellido,Documento\nAna,Ruiz,55.66\nLuz,Ruiz,5566\n');
    expect(twice.json().errors).toEqual([
      { row: 3, field: 'document', code: 'duplicate_document', message: 'The document 5566 is already used by row 2 of this file' },
    ]);
    const junk = await kit.upload(tree.classA, 'junk.csv', `Nombre,Apellido,Documento\nAna,Ruiz,---\nLuz,Ruiz,${'9'.repeat(65)}\n`);
    expect(junk.json().errors.map((e: { row: number; code: string }) => `${e.row}:${e.code}`)).toEqual(['2:invalid_document', '3:invalid_document']);
  });

  it('item 11: two imports committing the same new people at once create each person once, never a 500', async () => {
    const { school, tree, kit } = await setup();
    const lines = Array.from({ length: 40 }, (_, i) => `Hijo${i},Par,PAR-${i},Madre${i},Par,MPAR-${i},madre`);
    const csv = ['Nombre,Apellido,Documento,Nombre acudiente,Apellido acudiente,Documento acudiente,Parentesco', ...lines].join('\n');
    const drafts = await Promise.all([kit.upload(tree.classA, 'a.csv', csv), kit.upload(tree.classB, 'b.csv', csv)]);
    const commits = await Promise.all([kit.commit(tree.classA, drafts[0].json().id), kit.commit(tree.classB, drafts[1].json().id)]);
    for (const res of commits) {
      expect([200, 409], res.body).toContain(res.statusCode);
      if (res.statusCode === 409) expect(res.json()).toMatchObject({ error: 'document_taken', message: expect.any(String) });
    }
    for (let i = 0; i < 40; i++) {
      expect(await peopleWithKey(school, `PAR${i}`)).toHaveLength(1);
      expect(await peopleWithKey(school, `MPAR${i}`)).toHaveLength(1);
    }
  });
});
