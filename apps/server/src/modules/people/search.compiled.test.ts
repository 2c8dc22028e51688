import { beforeAll, expect, it } from 'vitest';
import { callerOf } from '../../test/callers';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { personAccess } from './people.access';
import { compilablePersonFilter } from './people.access.sql';
import { searchKeyContains } from './search-key.sql';
import { containsPattern } from './search-key.sql';
import { type PeopleFilter, searchPeopleRows, searchPeopleRowsBuilt } from './search.queries';

// The directory's common search (staff, a few words, no other filter) runs as a compiled query; any
// other search is built per request. Both must answer the same page, in the same order, with the
// same total, for every reader and every kind of typed text.
describeOnDatabases('directory search: the compiled common case answers what the built query answers', (t) => {
  let w: World;
  let registrant: TestPerson;

  const WORDS = [
    [],
    ['go'],
    ['PÉREZ'],
    ['perez'],
    ['zu', 'zoe1'],
    ['%'],
    ['_'],
    ['!'],
    ['a!%_b'],
    ['100%'],
    ['ren'],
    ['nobody-by-this-name'],
    ['a', 'e', 'i', 'o', 'u', 'z'],
    ['ñ'.repeat(300)],
  ];
  const PAGES = [
    { offset: 0, limit: 20 },
    { offset: 0, limit: 5 },
    { offset: 5, limit: 5 },
    { offset: 40, limit: 20 },
  ];

  beforeAll(async () => {
    w = await makeWorld(t);
    for (let i = 0; i < 12; i++) {
      await t.makePerson(w.school, { role: 'student', node: w.tree.classB, firstName: `Zoe${i}`, lastName: i % 2 ? 'Pérez' : 'Zuluaga' });
    }
    // Same names on purpose: the order must fall back to the id in both forms.
    for (let i = 0; i < 3; i++) await t.makePerson(w.school, { firstName: 'Gonzalo', lastName: 'Perez' });
    await t.makePerson(w.school, { firstName: 'Ana_100%', lastName: 'Díaz!' });
    registrant = await makeRegistrant(t, w.school, { firstName: 'Renata' });
  });

  const filterFor = async (person: TestPerson, words: string[], matchDocument: boolean): Promise<PeopleFilter> => ({
    words,
    matchDocument,
    visible: await personAccess.filter(t.db, await callerOf(t, person)),
  });

  it('staff and administrators get a compilable filter; families, students and drivers do not', async () => {
    for (const person of [w.admin, w.otherAdmin, w.teacherA, w.teacherB, w.employee]) {
      expect(compilablePersonFilter(await personAccess.filter(t.db, await callerOf(t, person))), person.firstName).toBeDefined();
    }
    for (const person of [w.parentA, w.studentA, w.driver, w.riderParent]) {
      expect(compilablePersonFilter(await personAccess.filter(t.db, await callerOf(t, person))), person.firstName).toBeUndefined();
    }
  });

  it('the compiled LIKE pattern is the one searchKeyContains builds', async () => {
    for (const scope of ['names', 'any'] as const) {
      for (const words of WORDS) {
        for (const word of words) {
          const built = t.db.selectFrom('people').select('id').where('org_id', '=', w.school.id).where(searchKeyContains(scope, word)).compile();
          expect(built.parameters, `${scope} ${JSON.stringify(word)}`).toEqual([w.school.id, containsPattern(scope, word)]);
        }
      }
    }
  });

  it('pages, order and totals agree for every staff reader, text and page', async () => {
    for (const person of [w.admin, w.teacherA, w.teacherB, w.employee]) {
      for (const words of WORDS) {
        for (const matchDocument of [false, true]) {
          const filter = await filterFor(person, words, matchDocument);
          for (const page of PAGES) {
            const label = `${person.firstName} ${JSON.stringify(words)} document=${matchDocument} ${JSON.stringify(page)}`;
            expect(await searchPeopleRows(t.db, w.school.id, filter, page), label).toEqual(await searchPeopleRowsBuilt(t.db, w.school.id, filter, page));
          }
        }
      }
    }
  });

  it('keeps the registrant from staff but not from administrators, and stays in its school', async () => {
    const ids = async (person: TestPerson, orgId = w.school.id) =>
      (await searchPeopleRows(t.db, orgId, await filterFor(person, ['renata'], false), { offset: 0, limit: 20 })).rows.map((r) => r.id);
    expect(await ids(w.admin)).toEqual([registrant.id]);
    expect(await ids(w.teacherA)).toEqual([]);
    // Norte's administrator (username "admin" too) reads norte only, and finds nobody of this school.
    expect(await ids(w.otherAdmin, w.otherSchool.id)).toEqual([]);
    const everyoneOfNorte = await searchPeopleRows(t.db, w.otherSchool.id, await filterFor(w.otherAdmin, [], true), { offset: 0, limit: 500 });
    const demoIds = new Set((await t.db.selectFrom('people').select('id').where('org_id', '=', w.school.id).execute()).map((r) => r.id));
    expect(everyoneOfNorte.rows.length).toBeGreaterThan(0);
    expect(everyoneOfNorte.rows.filter((r) => demoIds.has(r.id))).toEqual([]);
    // A staff filter of this school used for another school's search does not take the compiled path.
    const teacherFilter = await filterFor(w.teacherA, [], false);
    expect(await searchPeopleRows(t.db, w.otherSchool.id, teacherFilter, { offset: 0, limit: 50 })).toEqual(
      await searchPeopleRowsBuilt(t.db, w.otherSchool.id, teacherFilter, { offset: 0, limit: 50 }),
    );
  });

  it('the rare shapes (role, node, status, families) still answer as before', async () => {
    const page = { offset: 0, limit: 50 };
    const admin = await filterFor(w.admin, ['zoe'], false);
    for (const extra of [{ role: 'student' }, { role: 'relative' }, { role: 'administrator' }, { nodeIds: [w.tree.classB] }, { status: 'active' }]) {
      const filter = { ...admin, ...extra };
      expect(await searchPeopleRows(t.db, w.school.id, filter, page), JSON.stringify(extra)).toEqual(await searchPeopleRowsBuilt(t.db, w.school.id, filter, page));
    }
    const parent = await filterFor(w.parentA, [], false);
    expect(await searchPeopleRows(t.db, w.school.id, parent, page)).toEqual(await searchPeopleRowsBuilt(t.db, w.school.id, parent, page));
    expect((await searchPeopleRows(t.db, w.school.id, { ...admin, words: ['zoe', 'zu', 'zoe1', 'o', 'e', 'z', 'u'] }, page)).total).toBe(1);
  });

  it('through the route: the words of a teacher find the same people, and a NUL byte is refused before any query', async () => {
    const token = await t.signIn(w.teacherA);
    const res = await t.request({ method: 'GET', url: `/api/${w.school.code}/people?q=zoe1%20ZULUAGA&limit=5`, token });
    expect(res.statusCode).toBe(200);
    const expected = await searchPeopleRowsBuilt(t.db, w.school.id, await filterFor(w.teacherA, ['zoe1', 'ZULUAGA'], false), { offset: 0, limit: 5 });
    expect(res.json().map((p: { id: number }) => p.id)).toEqual(expected.rows.map((r) => r.id));
    expect(res.headers['x-total-count']).toBe(String(expected.total));
    expect((await t.request({ method: 'GET', url: `/api/${w.school.code}/people?q=x%00y`, token })).statusCode).toBe(400);
    // Families do not read the directory at all.
    expect((await t.request({ method: 'GET', url: `/api/${w.school.code}/people?q=zoe`, token: await t.signIn(w.parentA) })).statusCode).toBe(403);
  });

  it('20 parallel first searches of a new shape all get the same answer', async () => {
    const filter = await filterFor(w.employee, ['zoe', 'ZU', 'zoe1', 'e', 'o'], true);
    const expected = await searchPeopleRowsBuilt(t.db, w.school.id, filter, { offset: 0, limit: 3 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => searchPeopleRows(t.db, w.school.id, filter, { offset: 0, limit: 3 })));
    for (const answer of answers) expect(answer).toEqual(expected);
    expect(expected.total).toBe(1); // Zoe10 Zuluaga
  });
});
