import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { describeOnDatabases } from '../test/harness';

// The caller of a token is kept a few seconds (caller-cache.ts): these check that nothing a request
// decides on goes stale — not a role, not an admin flag, not a registration, not the token's expiry.

describeOnDatabases('caller cache', (t) => {
  it('sees a new administrator on the very next request with the same token', async () => {
    const school = await t.makeSchool();
    const admin = await t.makePerson(school, { role: 'admin' });
    const person = await t.makePerson(school);
    const token = await t.signIn(person);
    const directory = { method: 'GET' as const, url: `/api/${school.code}/people`, token };

    expect((await t.request(directory)).statusCode).toBe(403);
    expect((await t.request(directory)).statusCode).toBe(403); // now answered from the cache
    const added = await t.request({ method: 'POST', url: `/api/${school.code}/admins`, token: await t.signIn(admin), body: { personId: person.id } });
    expect(added.statusCode).toBe(201);
    expect((await t.request(directory)).statusCode).toBe(200);
  });

  it('forgets callers after any committed write to their tables, whichever code path made it', async () => {
    const school = await t.makeSchool();
    const tree = await t.makeTree(school);
    const person = await t.makePerson(school);
    const token = await t.signIn(person);
    const directory = { method: 'GET' as const, url: `/api/${school.code}/people`, token };
    expect((await t.request(directory)).statusCode).toBe(403);

    // A rolled-back write changes nothing; a committed one is seen at once.
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('memberships').values({ org_id: school.id, node_id: tree.classA, person_id: person.id, role: 'teacher', enrollment_status: null, outcome: null, school_year: null, created_at: new Date().toISOString() }).execute();
        throw new Error('roll back');
      })
      .catch(() => {});
    expect((await t.request(directory)).statusCode).toBe(403);
    await t.assign(person, tree.classA, 'teacher');
    expect((await t.request(directory)).statusCode).toBe(200);
    await t.db.deleteFrom('memberships').where('org_id', '=', school.id).where('person_id', '=', person.id).execute();
    expect((await t.request(directory)).statusCode).toBe(403);
  });

  it('refuses a token once it expires, even while its caller is cached', async () => {
    const school = await t.makeSchool();
    const person = await t.makePerson(school);
    const token = await t.signIn(person, 1);
    const own = { method: 'GET' as const, url: `/api/${school.code}/people/${person.id}`, token };
    const first = await t.request(own);
    if (first.statusCode === 401) return; // signed at the very end of a second: already expired
    expect(first.statusCode).toBe(200);
    await sleep(2100);
    const late = await t.request(own);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({ error: 'token_expired' });
  });

  it('answers 403 for another school with a token cached in its own school', async () => {
    const school = await t.makeSchool();
    const other = await t.makeSchool();
    const person = await t.makePerson(school);
    const token = await t.signIn(person);
    expect((await t.request({ method: 'GET', url: `/api/${school.code}/people/${person.id}`, token })).statusCode).toBe(200);
    const elsewhere = await t.request({ method: 'GET', url: `/api/${other.code}/people/${person.id}`, token });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json()).toMatchObject({ error: 'wrong_school' });
  });

  it('gives every request its own caller object, so per-request memos stay per request', async () => {
    const school = await t.makeSchool();
    const person = await t.makePerson(school);
    const token = await t.signIn(person);
    const org = (await t.app.patio.callers.findOrg(school.code))!;
    const policy = t.app.patio.policies.all().find((p) => p.method === 'GET' && p.path === 'people/:id')!;
    const a = await t.app.patio.callers.authenticate(token, org, policy);
    const b = await t.app.patio.callers.authenticate(token, org, policy);
    expect(a).not.toBe(b);
    expect(a).toEqual(b);
    expect(() => a.roles.push('teacher')).toThrow();
  });

  it('forgets callers when another process sharing the database says it changed them', async () => {
    const school = await t.makeSchool();
    const person = await t.makePerson(school);
    const token = await t.signIn(person);
    const directory = { method: 'GET' as const, url: `/api/${school.code}/people`, token };
    expect((await t.request(directory)).statusCode).toBe(403);

    // Another server process: its own connection, its own in-process write watch.
    const { db: elsewhere } = openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir });
    try {
      await elsewhere.updateTable('people').set({ is_admin: 1 }).where('org_id', '=', school.id).where('id', '=', person.id).execute();
    } finally {
      await elsewhere.destroy();
    }
    expect((await t.request(directory)).statusCode).toBe(403); // unheard of yet: the cache still answers
    const received = new Promise<void>((resolve) => {
      const subscription = t.app.patio.events.subscribe('callers.changed', () => {
        void subscription();
        resolve();
      });
    });
    await t.app.patio.events.publish('callers.changed', { from: 'another process', orgIds: [school.id] });
    await received;
    expect((await t.request(directory)).statusCode).toBe(200);
  });
});
