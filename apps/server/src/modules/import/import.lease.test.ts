import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { importKit } from '../../test/import-test-kit';
import { isDeadLocalOwner, thisProcess } from './import.lease';

/** The pid of a process that ran and exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid!;
}

it('item 15: tells a dead process of this host from a live one and from other hosts', () => {
  expect(isDeadLocalOwner(`${hostname()}/${deadPid()}/abc`)).toBe(true);
  expect(isDeadLocalOwner(`${hostname()}/${process.ppid}/abc`)).toBe(false);
  expect(isDeadLocalOwner(`elsewhere.example/${deadPid()}/abc`)).toBe(false);
  expect(isDeadLocalOwner(thisProcess)).toBe(false);
  // This pid with another boot id: an earlier process whose pid we reuse.
  expect(isDeadLocalOwner(`${hostname()}/${process.pid}/0000`)).toBe(true);
});

describeOnDatabases('import commit lease', (t) => {
  async function committingDraft(lease: { owner: string | null; expiresInMs: number }) {
    const school = await t.makeSchool();
    const tree = await t.makeTree(school);
    const token = await t.signIn(await t.makePerson(school, { role: 'admin' }));
    const kit = importKit(t, school, token);
    const draft = (await kit.upload(tree.classA, 'a.csv', 'Nombre,Apellido,Documento\nAna,Ruiz,R1\n')).json();
    await t.db
      .updateTable('imports')
      .set({
        status: 'committing',
        lease_owner: lease.owner,
        lease_expires_at: new Date(Date.now() + lease.expiresInMs).toISOString(),
        updated_at: new Date().toISOString(),
      })
      .where('org_id', '=', school.id)
      .where('id', '=', draft.id)
      .execute();
    return Object.assign(() => kit.commit(tree.classA, draft.id), { id: draft.id as number, school });
  }

  it('item 15: an import left committing by a dead process is retried at once', async () => {
    const commit = await committingDraft({ owner: `${hostname()}/${deadPid()}/0123456789ab`, expiresInMs: 30_000 });
    const retried = await commit();
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'done', result: { created: 1 } });
  });

  it('item 15: an import whose owner still holds its lease answers 409 import_busy', async () => {
    for (const owner of [`other-host.example/4242/0123456789ab`, `${hostname()}/${process.ppid}/0123456789ab`]) {
      const commit = await committingDraft({ owner, expiresInMs: 30_000 });
      const busy = await commit();
      expect(busy.statusCode, owner).toBe(409);
      expect(busy.json()).toMatchObject({ error: 'import_busy', message: expect.any(String) });
    }
  });

  it('item 15: an import whose lease lapsed is retried without waiting ten minutes', async () => {
    const commit = await committingDraft({ owner: `other-host.example/4242/0123456789ab`, expiresInMs: -1_000 });
    const retried = await commit();
    expect(retried.statusCode, retried.body).toBe(200);
    const row = await t.db.selectFrom('imports').select(['status', 'lease_owner', 'lease_expires_at']).where('org_id', '=', commit.school.id).where('id', '=', commit.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'done', lease_owner: null, lease_expires_at: null });
  });
});
