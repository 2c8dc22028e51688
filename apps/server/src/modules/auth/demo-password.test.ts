import { expect, it } from 'vitest';
import { demoPassword } from '../../db/seed/demo-school';
import { basic, type TestPerson } from '../../test/factories';
import { describeOnDatabases, type TestApp } from '../../test/harness';
import { countDemoPasswordAccounts, DEMO_PASSWORD } from './demo-password';

const signIn = (t: TestApp, code: string, login: string, password: string) =>
  t.request({ method: 'POST', url: `/api/${code}/oauth/token`, body: { grant_type: 'client_credentials' }, headers: { authorization: basic(login, password) } });

/** A school that signs in by email too, with one account still on the demo password and one on its own. */
async function schoolWithDemoAccount(t: TestApp): Promise<{ code: string; demo: TestPerson; own: TestPerson }> {
  const school = await t.makeSchool({ settings: { signInByEmail: true } });
  const demo = await t.makePerson(school, { role: 'admin', password: DEMO_PASSWORD });
  const own = await t.makePerson(school, { password: 'a password of its own' });
  return { code: school.code, demo, own };
}

describeOnDatabases(
  'the demo password in production',
  (t) => {
    it('item 1: an account still on the demo password is refused with 403 demo_password, by username and by email', async () => {
      const { code, demo, own } = await schoolWithDemoAccount(t);
      for (const login of [demo.username, demo.username.toUpperCase(), `${demo.username}@example.com`]) {
        const refused = await signIn(t, code, login, DEMO_PASSWORD);
        expect(refused.statusCode, login).toBe(403);
        expect(refused.json()).toEqual({ error: 'demo_password', message: expect.stringContaining('Forgot your password?') });
      }
      // A wrong password stays the same 401: the 403 tells nothing before the password proved right.
      expect((await signIn(t, code, demo.username, 'demo12345')).json().error).toBe('invalid_credentials');
      expect((await signIn(t, code, own.username, DEMO_PASSWORD)).json().error).toBe('invalid_credentials');
      expect((await signIn(t, code, own.username, own.password)).statusCode).toBe(200);
    });

    it('item 1: the banner counts the accounts of the given schools that still have the demo password', async () => {
      const a = await schoolWithDemoAccount(t);
      const b = await schoolWithDemoAccount(t);
      await t.makePerson(b.demo.org, { password: DEMO_PASSWORD });
      const elsewhere = await schoolWithDemoAccount(t);
      expect(await countDemoPasswordAccounts(t.db, [a.code, b.code])).toBe(3);
      expect(await countDemoPasswordAccounts(t.db, [elsewhere.code, 'no-such-school'])).toBe(1);
      expect(await countDemoPasswordAccounts(t.db, [])).toBe(0);
    });
  },
  { production: true },
);

describeOnDatabases('the demo password in development', (t) => {
  it('item 1: an account on the demo password signs in as today', async () => {
    const { code, demo } = await schoolWithDemoAccount(t);
    expect(DEMO_PASSWORD).toBe(demoPassword);
    const answer = await signIn(t, code, demo.username, DEMO_PASSWORD);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().access_token).toEqual(expect.any(String));
  });
});
