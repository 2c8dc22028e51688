import { sql } from 'kysely';
import { expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import type { Org } from '../../policy/policy';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases, type TestApp } from '../../test/harness';
import { multipartFile } from './multipart-file';

const header = 'Nombre;Apellidos;Documento;Fecha de nacimiento;Género;Nombre acudiente;Apellido acudiente;Documento acudiente;Correo acudiente;Celular acudiente;Parentesco';

/** 30 students; the parent of students 2k and 2k+1 is the same person (siblings). */
function studentLines(count = 30): string[] {
  return Array.from({ length: count }, (_, i) => {
    const family = Math.floor(i / 2);
    return [
      `Estudiante${i}`, `Pérez${family}`, `T${1000 + i}`, `0${(i % 9) + 1}/03/2015`, i % 2 ? 'M' : 'F',
      `Acudiente${family}`, `Pérez${family}`, `C${5000 + family}`, `fam${family}@example.com`, '3001234567', family % 2 ? 'Padre' : 'Madre',
    ].join(';');
  });
}

describeOnDatabases('student import', (t) => {
  async function setup() {
    const school = await t.makeSchool();
    const tree = await t.makeTree(school);
    const admin = await t.makePerson(school, { role: 'admin' });
    return { school, tree, admin, token: await t.signIn(admin) };
  }

  const upload = async (school: Org, nodeId: number, token: string, fileName: string, content: Buffer | string) => {
    const { payload, headers } = multipartFile(fileName, content);
    return t.app.inject({ method: 'POST', url: `/api/${school.code}/nodes/${nodeId}/imports`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  };
  const base = (school: Org, nodeId: number) => `/api/${school.code}/nodes/${nodeId}/imports`;
  const countPeople = async (t: TestApp, school: Org) =>
    Number((await t.db.selectFrom('people').select((eb) => eb.fn.countAll().as('n')).where('org_id', '=', school.id).executeTakeFirstOrThrow()).n);
  const countRows = async (table: 'relationships' | 'memberships', school: Org) =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('org_id', '=', school.id).executeTakeFirstOrThrow()).n);

  it('previews 30 students with two bad rows, is fixed by a new upload, commits, and re-imports idempotently', async () => {
    const { school, tree, token } = await setup();
    const lines = studentLines();
    const bad = [...lines];
    bad[4] = bad[4].replace('T1004', ''); // row 6: no document
    bad[9] = bad[9].replace('fam4@example.com', 'fam4-at-example'); // row 11: bad email
    const draft = await upload(school, tree.classA, token, 'curso.csv', [header, ...bad].join('\n'));
    expect(draft.statusCode, draft.body).toBe(201);
    const body = draft.json();
    expect(body).toMatchObject({ rowCount: 30, status: 'draft', columns: header.split(';') });
    expect(body.mapping).toMatchObject({
      firstName: 0, lastName: 1, document: 2, birthday: 3, gender: 4, relativeFirstName: 5, relativeLastName: 6,
      relativeDocument: 7, relativeEmail: 8, relativeMobile: 9, relationshipKind: 10,
    });
    expect(body.rows).toHaveLength(30);
    expect(body.errors).toEqual([
      { row: 6, field: 'document', code: 'required', message: 'The document is required' },
      { row: 11, field: 'relativeEmail', code: 'invalid_email', message: '"fam4-at-example" is not a valid email address' },
    ]);
    const refused = await t.request({ method: 'POST', url: `${base(school, tree.classA)}/${body.id}/commit`, token, body: {} });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('import_has_errors');
    const before = await countPeople(t, school);

    const fixed = await upload(school, tree.classA, token, 'curso.csv', [header, ...lines].join('\n'));
    expect(fixed.json().errors).toEqual([]);
    const committed = await t.request({ method: 'POST', url: `${base(school, tree.classA)}/${fixed.json().id}/commit`, token, body: {} });
    expect(committed.statusCode, committed.body).toBe(200);
    expect(committed.json()).toMatchObject({
      status: 'done',
      progress: { processed: 30, total: 30 },
      result: { created: 30, updated: 0, relativesCreated: 15, relationshipsCreated: 30, membershipsCreated: 30, skipped: 0 },
    });
    expect(await countPeople(t, school)).toBe(before + 45);
    const shown = await t.request({ method: 'GET', url: `${base(school, tree.classA)}/${fixed.json().id}`, token });
    expect(shown.json().result.created).toBe(30);

    // The mother of a daughter is stored both ways: mother → daughter.
    const student = await t.db.selectFrom('people').select('id').where('org_id', '=', school.id).where('document', '=', 'T1000').executeTakeFirstOrThrow();
    const kinds = await t.db.selectFrom('relationships').select(['person_id', 'kind']).where('org_id', '=', school.id)
      .where((eb) => eb.or([eb('person_id', '=', student.id), eb('relative_id', '=', student.id)])).execute();
    expect(kinds.map((k) => (k.person_id === student.id ? `child:${k.kind}` : `parent:${k.kind}`)).sort()).toEqual(['child:mother', 'parent:daughter']);
    const membership = await t.db.selectFrom('memberships').select(['enrollment_status', 'role']).where('org_id', '=', school.id)
      .where('person_id', '=', student.id).executeTakeFirstOrThrow();
    expect(membership).toEqual({ enrollment_status: 'active', role: 'student' });

    const relationships = await countRows('relationships', school);
    const memberships = await countRows('memberships', school);
    const again = await upload(school, tree.classA, token, 'curso.csv', [header, ...lines].join('\n'));
    const recommitted = await t.request({ method: 'POST', url: `${base(school, tree.classA)}/${again.json().id}/commit`, token, body: {} });
    expect(recommitted.json().result).toMatchObject({ created: 0, updated: 0, unchanged: 30, relativesCreated: 0, relationshipsCreated: 0, membershipsCreated: 0 });
    expect(await countPeople(t, school)).toBe(before + 45);
    expect(await countRows('relationships', school)).toBe(relationships);
    expect(await countRows('memberships', school)).toBe(memberships);
    const twice = await t.request({ method: 'POST', url: `${base(school, tree.classA)}/${again.json().id}/commit`, token, body: {} });
    expect(twice.statusCode).toBe(409);
  });

  it('keeps imported names searchable without accents, also after a re-import renames someone', async () => {
    const { school, tree, token } = await setup();
    const commit = async (csv: string) => {
      const draft = (await upload(school, tree.classA, token, 'n.csv', csv)).json();
      const res = await t.request({ method: 'POST', url: `${base(school, tree.classA)}/${draft.id}/commit`, token, body: {} });
      expect(res.statusCode, res.body).toBe(200);
    };
    const found = async (q: string) =>
      (await t.request({ method: 'GET', url: `/api/${school.code}/people?q=${encodeURIComponent(q)}`, token })).json().map((p: { firstName: string }) => p.firstName);
    await commit('Nombre;Apellido;Documento\nÁngela;Gómez;S1\n');
    expect(await found('angela gomez')).toEqual(['Ángela']);
    await commit('Nombre;Apellido;Documento\nÁngela;Núñez;S1\n');
    expect(await found('NUNEZ')).toEqual(['Ángela']);
    expect(await found('gomez')).toEqual([]);
  });

  it.runIf(t.kind.name === 'PostgreSQL')('refreshes the planner statistics of the tables it filled once the commit is done', async () => {
    const { school, tree, token } = await setup();
    const lastAnalyze = async () =>
      (await sql<{ relname: string; last_analyze: Date | null }>`select relname, last_analyze from pg_stat_user_tables
        where relname in ('people', 'memberships', 'relationships') order by relname`.execute(t.db)).rows;
    const startedAt = new Date();
    const draft = await upload(school, tree.classA, token, 'curso.csv', [header, ...studentLines()].join('\n'));
    const committed = await t.request({ method: 'POST', url: `${base(school, tree.classA)}/${draft.json().id}/commit`, token, body: {} });
    expect(committed.statusCode, committed.body).toBe(200);
    const analyzed = await lastAnalyze();
    expect(analyzed.map((r) => r.relname)).toEqual(['memberships', 'people', 'relationships']);
    for (const row of analyzed) expect(row.last_analyze?.getTime() ?? 0).toBeGreaterThanOrEqual(startedAt.getTime() - 1000);
  });

  it('fixes errors by changing the mapping', async () => {
    const { school, tree, token } = await setup();
    const csv = ['Name,Surname,Birth,ID', 'Ana,Ruiz,2015-02-30,X1', 'Luis,Ruiz,2016-01-05,X2'].join('\r\n');
    const draft = (await upload(school, tree.classA, token, 'a.csv', csv)).json();
    expect(draft.mapping).toEqual({ firstName: 0, lastName: 1, document: 3 });
    expect(draft.errors).toEqual([]);
    const remapped = await t.request({
      method: 'PUT', url: `${base(school, tree.classA)}/${draft.id}`, token,
      body: { mapping: { firstName: 0, lastName: 1, document: 3, birthday: 2 } },
    });
    expect(remapped.statusCode).toBe(200);
    expect(remapped.json().errors).toEqual([
      { row: 2, field: 'birthday', code: 'invalid_date', message: '"2015-02-30" is not a valid date: use YYYY-MM-DD or DD/MM/YYYY' },
    ]);
    const unmapped = await t.request({ method: 'PUT', url: `${base(school, tree.classA)}/${draft.id}`, token, body: { mapping: { firstName: 0 } } });
    expect(unmapped.json().errors.map((e: { code: string; field: string }) => `${e.field}:${e.code}`)).toEqual([
      'lastName:column_not_mapped', 'document:column_not_mapped',
    ]);
  });

  it('reads Latin-1 and UTF-8 files with a byte order mark alike', async () => {
    const { school, tree, token } = await setup();
    const csv = 'Nombre;Apellido;Documento;Género\nMaría José;Núñez Peña;L1;F\n';
    for (const [name, bytes] of [
      ['latin1.csv', Buffer.from(csv, 'latin1')],
      ['bom.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv, 'utf8')])],
    ] as const) {
      const res = await upload(school, tree.classA, token, name, bytes);
      expect(res.statusCode, name).toBe(201);
      expect(res.json().columns, name).toEqual(['Nombre', 'Apellido', 'Documento', 'Género']);
      expect(res.json().rows, name).toEqual([['María José', 'Núñez Peña', 'L1', 'F']]);
      expect(res.json().mapping, name).toEqual({ firstName: 0, lastName: 1, document: 2, gender: 3 });
    }
  });

  it('reads an XLSX workbook, dates included', async () => {
    const { school, tree, token } = await setup();
    const xlsx = await writeXlsxFile([
      [{ value: 'First name' }, { value: 'Last name' }, { value: 'Document' }, { value: 'Date of birth' }, { value: 'Parent email' }, { value: 'Parent name' }, { value: 'Parent last name' }, { value: 'Parent document' }, { value: 'Relationship' }],
      [{ value: 'Ann' }, { value: 'Lee' }, { value: 'X100' }, { value: new Date(Date.UTC(2014, 4, 6)), format: 'yyyy-mm-dd' }, { value: 'lee@example.com' }, { value: 'Bo' }, { value: 'Lee' }, { value: 'P100' }, { value: 'father' }],
    ]).toBuffer();
    const res = await upload(school, tree.classA, token, 'students.xlsx', xlsx);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().rows).toEqual([['Ann', 'Lee', 'X100', '2014-05-06', 'lee@example.com', 'Bo', 'Lee', 'P100', 'father']]);
    expect(res.json().errors).toEqual([]);
    const committed = await t.request({ method: 'POST', url: `${base(school, tree.classA)}/${res.json().id}/commit`, token, body: { enrollmentStatus: 'pending' } });
    expect(committed.json().result).toMatchObject({ created: 1, relativesCreated: 1, relationshipsCreated: 1 });
  });

  it('answers 400 for a malformed CSV and writes nothing', async () => {
    const { school, tree, token } = await setup();
    const before = await t.db.selectFrom('imports').select('id').where('org_id', '=', school.id).execute();
    const res = await upload(school, tree.classA, token, 'bad.csv', 'Nombre,Apellido,Documento\n"Ana,Ruiz,1\n');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_file', message: expect.stringContaining('could not be read') });
    expect((await upload(school, tree.classA, token, 'empty.csv', '')).json().error).toBe('invalid_file');
    const after = await t.db.selectFrom('imports').select('id').where('org_id', '=', school.id).execute();
    expect(after).toEqual(before);
  });

  it('flags duplicate documents and unknown relationship kinds per row', async () => {
    const { school, tree, token } = await setup();
    const csv = ['Nombre,Apellido,Documento,Nombre acudiente,Apellido acudiente,Documento acudiente,Parentesco',
      'Ana,Ruiz,D1,Eva,Ruiz,P1,madre', 'Luz,Ruiz,D1,Eva,Ruiz,P1,madre', 'Sol,Ruiz,D2,Eva,Ruiz,P1,vecina'].join('\n');
    const res = await upload(school, tree.classA, token, 'dup.csv', csv);
    expect(res.json().errors).toEqual([
      { row: 3, field: 'document', code: 'duplicate_document', message: 'The document D1 is already used by row 2 of this file' },
      { row: 4, field: 'relationshipKind', code: 'unknown_relationship_kind', message: '"vecina" is not a known relationship kind (e.g. father, mother, guardian)' },
    ]);
  });

  it('refuses non-admins, nodes of other schools and nodes that are not classes', async () => {
    const { school, tree, token } = await setup();
    const teacher: TestPerson = await t.makePerson(school, { role: 'teacher', node: tree.classA });
    const csv = 'Nombre,Apellido,Documento\nAna,Ruiz,1\n';
    expect((await upload(school, tree.classA, await t.signIn(teacher), 'a.csv', csv)).statusCode).toBe(403);
    const other = await setup();
    expect((await upload(school, other.tree.classA, token, 'a.csv', csv)).statusCode).toBe(404);
    const section = await upload(school, tree.section, token, 'a.csv', csv);
    expect(section.statusCode).toBe(400);
    expect(section.json().error).toBe('not_a_class');
    const json = await t.request({ method: 'POST', url: base(school, tree.classA), token, body: { csv } });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe('file_required');
  });
});
