import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { defaultSignInLimits } from '../config';
import { redisForTests } from '../platform/events/redis-test-server';
import { testDatabases } from '../test/databases';
import { basic, makeFactories } from '../test/factories';
import { useServerProcesses } from '../test/server-processes';

// Server processes are app instances (test/server-processes.ts). Keys are fresh per run (client address, login), so counts left in
// a shared test Redis by an earlier run do not matter.

const freshIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
const tooMany = { error: 'too_many_attempts', message: expect.stringMatching(/ Try again in \d+ minute\(s\)\.$/) };

for (const kind of testDatabases) {
  const skipped = kind.skip || !redisForTests.available;
  describe.skipIf(skipped)(`attempt limits across server processes on ${kind.label}${redisForTests.available ? '' : ` (skipped: ${redisForTests.why})`}`, () => {
    const processes = useServerProcesses(kind);
    const signIn = (app: FastifyInstance, code: string, user: string, password: string, ip: string) =>
      app.inject({
        method: 'POST',
        url: `/api/${code}/oauth/token`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(user, password) },
        payload: 'grant_type=client_credentials',
        remoteAddress: ip,
      });

    it('item 3: failed sign-ins on two server processes sharing one Redis count against one limit', async () => {
      const signInLimits = { ...defaultSignInLimits, perAccountAndIp: 3, perIp: 1000 };
      const [a, b] = await processes.start(2, { signInLimits });
      const factories = makeFactories(a);
      const school = await factories.makeSchool();
      const ana = await factories.makePerson(school);
      const ip = freshIp();
      for (const app of [a, b, a]) expect((await signIn(app, school.code, ana.username, 'wrong', ip)).statusCode).toBe(401);

      // Each process saw fewer than 3 failures; together they used the pair's 3.
      const locked = await signIn(b, school.code, ana.username, ana.password, ip);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ ...tooMany, message: expect.stringMatching(/^Too many failed sign-in attempts\. Try again in 15 minute\(s\)\.$/) });
      const retryAfter = Number(locked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(signInLimits.windowSeconds);
      expect((await signIn(a, school.code, ana.username, ana.password, ip)).statusCode).toBe(429);
      // Another address of the same account is not locked.
      expect((await signIn(a, school.code, ana.username, ana.password, freshIp())).statusCode).toBe(200);

      // A process without Redis counts on its own: the failures of the others are not in its memory.
      const [alone] = await processes.start(1, { signInLimits }, { shared: false });
      expect((await signIn(alone, school.code, ana.username, ana.password, ip)).statusCode).toBe(200);
    });

    it('item 3: password reset requests on two server processes sharing one Redis count against one limit per login', async () => {
      const [a, b] = await processes.start(2, {});
      const school = await makeFactories(a).makeSchool();
      const login = `nobody-${randomUUID()}`;
      const ask = (app: FastifyInstance) =>
        app.inject({ method: 'POST', url: `/api/${school.code}/password-resets`, payload: { login }, remoteAddress: freshIp() });
      // 3 per login and hour (PASSWORD_RESET_LIMITS), each from another address.
      for (const app of [a, b, a]) expect((await ask(app)).statusCode).toBe(202);
      const limited = await ask(b);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ ...tooMany, message: expect.stringMatching(/^Too many password reset requests\. /) });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
      expect(limited.headers['x-ratelimit-limit']).toBeUndefined();
    });

    it('item 3: parallel registrations through two processes sharing one Redis get exactly the limit, no more', async () => {
      const registrationLimits = { registrationsPerIp: 3, registrationWindowSeconds: 3600, verifyFailuresPerIp: 20, verifyWindowSeconds: 900 };
      const [a, b] = await processes.start(2, { registrationLimits });
      const school = await makeFactories(a).makeSchool({ settings: { registration: { enabled: true } } });
      const ip = freshIp();
      // Empty forms (400 invalid_registration) count too, and write nothing.
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 ? a : b).inject({ method: 'POST', url: `/api/${school.code}/registration`, payload: {}, remoteAddress: ip }),
        ),
      );
      const codes = answers.map((res) => res.statusCode);
      expect(codes.filter((code) => code === 400)).toHaveLength(3);
      expect(codes.filter((code) => code === 429)).toHaveLength(17);
    });
  });
}
