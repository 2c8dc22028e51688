import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { basic } from '../test/factories';
import { createFreshDatabase, type FreshDatabase, testDatabases } from '../test/databases';
import { describeOnDatabases } from '../test/harness';
import { createSchool, CreateSchoolError } from './create-school';
import { runSchoolCreate } from './school-create';

const password = 'girasoles del patio 2026';
const sur = { code: 'sur', title: 'Colegio del Sur', adminUsername: 'Rector', adminPassword: password, adminFirstName: 'Inés', adminLastName: 'Cárdenas' };

describeOnDatabases('creating a school', (t) => {
  const orgCount = async () => (await t.db.selectFrom('orgs').select('id').execute()).length;

  it('creates the school, its tree root and node types, and an administrator who can sign in', async () => {
    const { org, adminId, rootNodeId } = await createSchool(t.db, sur);
    expect(org).toMatchObject({ code: 'sur', title: 'Colegio del Sur' });
    const signIn = await t.request({
      method: 'POST',
      url: '/api/sur/oauth/token',
      headers: { authorization: basic('rector', password) },
      body: { grant_type: 'client_credentials' },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const token = signIn.json().access_token;
    const admins = await t.request({ method: 'GET', url: '/api/sur/admins', token });
    expect(admins.json().map((a: { id: number }) => a.id)).toEqual([adminId]);
    const tree = (await t.request({ method: 'GET', url: '/api/sur/nodes', token })).json();
    expect(tree.nodes).toEqual([expect.objectContaining({ id: rootNodeId, name: 'Colegio del Sur', parentId: null })]);
    expect(tree.types.map((type: { key: string }) => type.key).sort()).toEqual(['class', 'grade', 'school', 'section']);
    expect(tree.types.find((type: { key: string }) => type.key === 'class').singular).toMatchObject({ es: 'Curso', de: 'Klasse' });
    const me = await t.request({ method: 'GET', url: `/api/sur/people/${adminId}`, token });
    expect(me.json()).toMatchObject({ firstName: 'Inés', lastName: 'Cárdenas' });
  });

  it('lets the administrator have a username another school also uses', async () => {
    const other = await t.makeSchool();
    await t.makePerson(other, { username: 'direccion', role: 'admin' });
    await createSchool(t.db, { ...sur, code: 'oriente', title: 'Colegio de Oriente', adminUsername: 'direccion' });
    const signIn = await t.request({
      method: 'POST',
      url: '/api/oriente/oauth/token',
      headers: { authorization: basic('direccion', password) },
      body: { grant_type: 'client_credentials' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('refuses a code in use, a bad code, username or name, and a weak password, and writes nothing', async () => {
    await t.makeSchool({ code: 'occidente' });
    const before = await orgCount();
    const refusals: [Partial<typeof sur>, string][] = [
      [{ code: 'occidente' }, 'code_taken'],
      [{ code: 'Sur Bogotá!' }, 'invalid_code'],
      [{ adminUsername: 'a b' }, 'invalid_username'],
      [{ adminFirstName: ' ' }, 'invalid_name'],
      [{ title: 'Colegio\u0000' }, 'invalid_title'],
      [{ adminPassword: 'demo1234' }, 'weak_password'],
      [{ adminPassword: 'password123' }, 'weak_password'],
    ];
    for (const [change, code] of refusals) {
      const attempt = createSchool(t.db, { ...sur, code: 'poniente', ...change });
      await expect(attempt, code).rejects.toBeInstanceOf(CreateSchoolError);
      await expect(attempt).rejects.toMatchObject({ code, message: expect.any(String) });
    }
    await expect(createSchool(t.db, { ...sur, code: 'poniente', language: 'xx' })).rejects.toMatchObject({ code: 'invalid_language' });
    expect(await orgCount()).toBe(before);
  });
});

for (const kind of testDatabases) {
  describe.skipIf(kind.skip)(`npm run school:create on ${kind.label}`, () => {
    let fresh: FreshDatabase;
    let env: Record<string, string>;
    const run = async (...argv: string[]) => {
      const io = { out: [] as string[], err: [] as string[] };
      const code = await runSchoolCreate(argv, env, { out: (l) => io.out.push(l), err: (l) => io.err.push(l) });
      return { code, out: io.out.join('\n'), err: io.err.join('\n') };
    };
    const args = ['--code', 'sur', '--title', 'Colegio del Sur', '--admin-username', 'rector'];

    beforeAll(async () => {
      fresh = await createFreshDatabase(kind);
      env = { DATA_DIR: fresh.dataDir, PATIO_JWT_SECRET: 'x'.repeat(40), ...(fresh.databaseUrl ? { DATABASE_URL: fresh.databaseUrl } : {}) };
    });
    afterAll(async () => fresh?.drop());

    it('migrates the database, creates the school and says what it created', async () => {
      const created = await run(...args, '--admin-password', password, '--admin-first-name', 'Inés');
      expect(created.err).toBe('');
      expect(created.code).toBe(0);
      expect(created.out).toMatch(/Created school "Colegio del Sur" \(code sur, id \d+\)/);
      expect(created.out).toContain('"rector"');
      const { db } = openDatabase(fresh);
      try {
        const org = await db.selectFrom('orgs').select(['id', 'title']).where('code', '=', 'sur').executeTakeFirstOrThrow();
        const admin = await db.selectFrom('people').select(['first_name', 'last_name', 'is_admin']).where('org_id', '=', org.id).where('username', '=', 'rector').executeTakeFirstOrThrow();
        expect(admin).toEqual({ first_name: 'Inés', last_name: 'Colegio del Sur', is_admin: 1 });
      } finally {
        await db.destroy();
      }
    });

    it('refuses an existing code with a clear message and exit code 1', async () => {
      const again = await run(...args, '--admin-password', password);
      expect(again.code).toBe(1);
      expect(again.err).toBe('A school with code "sur" already exists; choose another code');
    });

    it('takes the password from PATIO_ADMIN_PASSWORD, and refuses a weak one or missing options with the usage', async () => {
      env.PATIO_ADMIN_PASSWORD = password;
      expect((await run('--code', 'norte-2', '--title', 'Norte 2', '--admin-username', 'rector')).code).toBe(0);
      delete env.PATIO_ADMIN_PASSWORD;
      const weak = await run('--code', 'este', '--title', 'Este', '--admin-username', 'rector', '--admin-password', 'demo1234');
      expect(weak).toMatchObject({ code: 1, err: expect.stringContaining('password is refused') });
      const missing = await run('--code', 'este');
      expect(missing.code).toBe(1);
      expect(missing.err).toContain('Missing --title, --admin-username, --admin-password');
      expect(missing.err).toContain('Usage: npm run school:create');
      expect((await run('--colour', 'red')).code).toBe(1);
      expect(await run('--help')).toMatchObject({ code: 0, out: expect.stringContaining('Usage') });
    });
  });
}
