import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases, type Org } from '../../test/harness';

// Cards read by id (children, contacts) and a person's relatives come in "last name, first name"
// order, people.sort_key's: accents and case do not count, and the same name goes by id.
describeOnDatabases('cards in name order', (t) => {
  let school: Org;
  let parent: TestPerson;
  let token: string;
  let expected: number[];

  beforeAll(async () => {
    school = await t.makeSchool();
    const { classA } = await t.makeTree(school);
    parent = await t.makePerson(school, { role: 'relative', firstName: 'Paula', lastName: 'Padre' });
    token = await t.signIn(parent);
    const children: Record<string, TestPerson> = {};
    for (const [key, lastName, firstName] of [['zapata', 'Zapata', 'Zoe'], ['avila', 'ávila', 'ana'], ['alvarez1', 'Álvarez', 'Bruno'], ['alvarez2', 'Álvarez', 'Bruno']]) {
      children[key] = await t.makePerson(school, { role: 'student', node: classA, firstName, lastName });
      await t.relate(parent, children[key]);
    }
    expected = [children.alvarez1.id, children.alvarez2.id, children.avila.id, children.zapata.id];
  });

  const ids = (list: { id: number }[]) => list.map((p) => p.id);
  const get = async (path: string) => {
    const res = await t.request({ method: 'GET', url: `/api/${school.code}/${path}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it("orders a profile's relatives and the relatives list", async () => {
    expect(ids((await get(`people/${parent.id}`)).relatives)).toEqual(expected);
    expect(ids(await get(`people/${parent.id}/relatives`))).toEqual(expected);
  });

  it('orders the children and the contacts', async () => {
    expect(ids(await get(`people/${parent.id}/children`))).toEqual(expected);
    expect(ids(await get(`people/${parent.id}/contacts`))).toEqual(expected);
  });
});
