import { expect, it } from 'vitest';
import { basic } from '../test/factories';
import { describeOnDatabases } from '../test/harness';
import { makeWorld } from '../test/world';

const invalidCharacters = { error: 'invalid_characters', message: expect.stringContaining('NUL') };

describeOnDatabases('hostile input', (t) => {
  it('item 10: a NUL byte in a body, query, path or Basic credentials answers 400 and writes nothing', async () => {
    const w = await makeWorld(t);
    const admin = await t.signIn(w.admin);
    const base = `/api/${w.school.code}`;
    const attempts = [
      { method: 'PATCH', url: `${base}/people/${w.studentA.id}`, token: admin, body: { firstName: 'Al\u0000ba' } },
      { method: 'POST', url: `${base}/nodes`, token: admin, body: { parentId: w.tree.root, typeId: w.tree.types.team, name: 'Te\u0000am' } },
      { method: 'PATCH', url: `${base}/nodes/${w.tree.classA}`, token: admin, body: { name: '3\u0000A' } },
      { method: 'POST', url: `${base}/people/${w.studentA.id}/devices`, token: await t.signIn(w.studentA), body: { token: 't\u0000', platform: 'web', model: 'x', uuid: 'u' } },
      { method: 'DELETE', url: `${base}/people/${w.studentA.id}/devices/%00`, token: await t.signIn(w.studentA) },
      { method: 'GET', url: `${base}/people?q=a%00b`, token: admin },
      { method: 'POST', url: `${base}/allowed`, token: admin, body: ['vue/settings', 'people/\u0000'] },
      { method: 'POST', url: `${base}/registration`, body: { firstName: 'La\u0000ura' } },
      { method: 'POST', url: `${base}/oauth/token`, body: { grant_type: 'client_credentials' }, headers: { authorization: basic(w.studentA.username, 'x\u0000') } },
      { method: 'POST', url: `${base}/oauth/token`, body: { grant_type: 'client_credentials', ['\u0000']: 1 }, headers: { authorization: basic('a', 'b') } },
    ] as const;
    for (const attempt of attempts) {
      const res = await t.request(attempt);
      expect({ url: attempt.url, status: res.statusCode, body: res.json() }).toEqual({ url: attempt.url, status: 400, body: invalidCharacters });
    }
    const student = await t.db.selectFrom('people').select('first_name').where('org_id', '=', w.school.id).where('id', '=', w.studentA.id).executeTakeFirstOrThrow();
    expect(student.first_name).toBe('Alba');
    const nodes = await t.db.selectFrom('nodes').select('name').where('org_id', '=', w.school.id).execute();
    expect(nodes.map((n) => n.name).filter((name) => name.includes('\u0000'))).toEqual([]);
  });

  it('item 18: ids are canonical decimal only', async () => {
    const w = await makeWorld(t);
    const admin = await t.signIn(w.admin);
    const base = `/api/${w.school.code}`;
    const id = w.studentA.id;
    for (const spelling of [`${id}.0`, `0x${id.toString(16)}`, `${id}e0`, `%20${id}`, `${id}%20`, `0${id}`, `+${id}`, '0', '-1', '2147483648', '99999999999']) {
      const res = await t.request({ method: 'GET', url: `${base}/people/${spelling}`, token: admin });
      expect({ spelling, status: res.statusCode, error: res.json().error }).toEqual({ spelling, status: 400, error: 'invalid_request' });
    }
    expect((await t.request({ method: 'GET', url: `${base}/people/${id}`, token: admin })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `${base}/people/2147483647`, token: admin })).statusCode).toBe(404);
    for (const query of ['node=1e3', 'node=1.0', 'node=0x10', 'node=%201', 'node=01', 'page=1e1', 'limit=0x10', 'page=2.0']) {
      const res = await t.request({ method: 'GET', url: `${base}/people?${query}`, token: admin });
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
    }
    expect((await t.request({ method: 'GET', url: `${base}/people?node=${w.tree.classA}&page=1&limit=5`, token: admin })).statusCode).toBe(200);
    // A body id is a JSON number that fits an id column (no database range error).
    const tooBig = await t.request({ method: 'POST', url: `${base}/admins`, token: admin, body: { personId: 2147483648 } });
    expect(tooBig.statusCode).toBe(400);
    const member = await t.request({ method: 'POST', url: `${base}/nodes/${w.tree.classA}/members`, token: admin, body: { personId: 2 ** 31, role: 'student' } });
    expect(member.statusCode).toBe(400);
  });
  it('item 4: a lone UTF-16 surrogate in any JSON string or key answers 400 invalid_characters on both databases and writes nothing; a whole pair is kept as sent', async () => {
    const w = await makeWorld(t);
    const admin = await t.signIn(w.admin);
    const base = `/api/${w.school.code}`;
    const json = { 'content-type': 'application/json' };
    // Raw JSON text: JSON.stringify would never write half a pair.
    const attempts = [
      { method: 'PATCH', url: `${base}/people/${w.studentA.id}`, body: '{"firstName":"Al\\ud800ba"}' },
      { method: 'PATCH', url: `${base}/people/${w.studentA.id}`, body: '{"firstName":"Alba\\udc00"}' },
      { method: 'PATCH', url: `${base}/people/${w.studentA.id}`, body: '{"firstName":"\\ude00\\ud83dAlba"}' },
      { method: 'POST', url: `${base}/nodes`, body: `{"parentId":${w.tree.root},"typeId":${w.tree.types.team},"name":"Equipo \\udbff"}` },
      { method: 'POST', url: `${base}/allowed`, body: '["vue/settings","people/\\ud800"]' },
      { method: 'POST', url: `${base}/nodes`, body: `{"parentId":${w.tree.root},"typeId":${w.tree.types.team},"name":"Equipo","\\ud800":1}` },
      { method: 'POST', url: `${base}/registration`, body: '{"firstName":"La\\ud800ura"}' },
    ] as const;
    for (const attempt of attempts) {
      const res = await t.request({ method: attempt.method, url: attempt.url, token: admin, body: attempt.body, headers: json });
      expect({ body: attempt.body, status: res.statusCode, answer: res.json() }).toEqual({
        body: attempt.body,
        status: 400,
        answer: { error: 'invalid_characters', message: expect.stringContaining('surrogate') },
      });
    }
    const student = await t.db.selectFrom('people').select('first_name').where('org_id', '=', w.school.id).where('id', '=', w.studentA.id).executeTakeFirstOrThrow();
    expect(student.first_name).toBe('Alba');
    const nodes = await t.db.selectFrom('nodes').select('name').where('org_id', '=', w.school.id).execute();
    expect(nodes.map((n) => n.name).filter((name) => name.startsWith('Equipo'))).toEqual([]);
    // Query strings and path parameters are UTF-8 %-escapes: a surrogate's bytes are no UTF-8, so they never become one.
    const query = await t.request({ method: 'GET', url: `${base}/people?q=%ED%A0%80`, token: admin });
    expect(query.statusCode).toBeLessThan(500);
    const path = await t.request({ method: 'GET', url: `${base}/people/%ED%A0%80`, token: admin });
    expect(path.statusCode).toBe(400);
    // A whole pair (an emoji) is text, stored and read back alike on both databases.
    const saved = await t.request({ method: 'PATCH', url: `${base}/people/${w.studentA.id}`, token: admin, body: '{"firstName":"Alba \\ud83d\\ude00"}', headers: json });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await t.request({ method: 'GET', url: `${base}/people/${w.studentA.id}`, token: admin });
    expect(read.json().firstName).toBe('Alba \u{1F600}');
  });
});
