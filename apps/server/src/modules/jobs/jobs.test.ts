import { createServer } from 'node:net';
import { afterAll, expect, it } from 'vitest';
import { defaultJobsConfig, defaultRegistrationLimits } from '../../config';
import { describeOnDatabases, type TestApp } from '../../test/harness';
import { familyForm, registeringSchool, registrantId } from '../registration/registration.fixtures';
import { startSmtpCatcher } from '../registration/smtp-catcher';

// A registration mail that cannot be sent is retried, ends dead in the administrators' list of
// failed jobs, and goes out when an administrator retries it once the mail server is back.

/** A port nothing listens on yet: the mail server is down until the test starts one there. */
const smtpPort = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port } = probe.address() as { port: number };
    probe.close(() => resolve(port));
  });
});
let catcher: { close: () => Promise<void> } | undefined;
afterAll(() => catcher?.close());

const MAX_ATTEMPTS = 3;

/** Drains until the job stops being queued, each retry made due at once instead of after its backoff. */
async function drainUntilSettled(t: TestApp, id: number) {
  for (let i = 0; i < MAX_ATTEMPTS + 1; i++) {
    await t.drainJobs();
    const row = await t.db.selectFrom('jobs').select(['state']).where('id', '=', id).executeTakeFirstOrThrow();
    if (row.state !== 'queued') return row.state;
    await t.db.updateTable('jobs').set({ run_at: new Date().toISOString() }).where('id', '=', id).execute();
  }
  throw new Error('the job never settled');
}

describeOnDatabases(
  'failed jobs for administrators',
  (t) => {
    it('a registration mail to a dead mail server retries, ends dead in GET admin/jobs, and a retry delivers it', async () => {
      const { school, tree, url, adminToken } = await registeringSchool(t);
      const body = familyForm(tree.classA);
      expect((await t.request({ method: 'POST', url, body })).statusCode).toBe(202);
      const personId = await registrantId(t, school, body.email);
      const job = await t.db.selectFrom('jobs').select(['id', 'state', 'org_id']).where('org_id', '=', school.id).executeTakeFirstOrThrow();
      expect(job.state).toBe('queued');

      expect(await drainUntilSettled(t, job.id)).toBe('dead');
      const list = (query = '') => t.request({ method: 'GET', url: `/api/${school.code}/admin/jobs${query}`, token: adminToken });
      const dead = await list();
      expect(dead.statusCode).toBe(200);
      expect(dead.headers['x-total-count']).toBe('1');
      expect(dead.json()).toEqual([
        {
          id: job.id, kind: 'registration.mail', state: 'dead', attempts: MAX_ATTEMPTS, maxAttempts: MAX_ATTEMPTS,
          lastError: expect.stringMatching(/ECONNREFUSED/), topic: 'verification', personId,
          runAt: expect.any(String), createdAt: expect.any(String), updatedAt: expect.any(String),
        },
      ]);
      // The payload holds the one-time verification link: the list never shows it.
      expect(dead.body).not.toContain('token=');
      expect(dead.body).not.toContain(body.email);
      expect((await list('?state=queued')).json()).toEqual([]);
      const secondPage = await list('?state=dead&page=2&limit=1');
      expect(secondPage.json()).toEqual([]);
      expect(secondPage.headers['x-total-count']).toBe('1');

      // The mail server is back; the administrator retries.
      const smtp = await startSmtpCatcher(smtpPort);
      catcher = smtp;
      const retried = await t.request({ method: 'POST', url: `/api/${school.code}/admin/jobs/${job.id}/retry`, token: adminToken });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json()).toMatchObject({ id: job.id, state: 'queued', attempts: 0, lastError: expect.stringMatching(/ECONNREFUSED/) });
      await t.drainJobs();
      const mails = smtp.mails.filter((m) => m.to.includes(body.email));
      expect(mails.map((m) => m.subject)).toEqual([`Confirm your email for ${school.title}`]);
      expect(mails[0].text).toMatch(/\/registration\/verify\?school=[\w-]+&token=/);
      const done = await list('?state=done');
      expect(done.json()).toEqual([expect.objectContaining({ id: job.id, state: 'done', attempts: 1, lastError: null })]);
      const stored = await t.db.selectFrom('jobs').select('payload').where('id', '=', job.id).executeTakeFirstOrThrow();
      expect(stored.payload).toBe('{}');

      const again = await t.request({ method: 'POST', url: `/api/${school.code}/admin/jobs/${job.id}/retry`, token: adminToken });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ error: 'job_not_dead' });
      // Down again for the next database's run of this suite.
      await smtp.close();
      catcher = undefined;
    });

    it("answers 404 for an unknown job or another school's, and 400 for a state that does not exist", async () => {
      const { school, tree, url } = await registeringSchool(t);
      expect((await t.request({ method: 'POST', url, body: familyForm(tree.classA) })).statusCode).toBe(202);
      const job = await t.db.selectFrom('jobs').select('id').where('org_id', '=', school.id).executeTakeFirstOrThrow();
      const other = await registeringSchool(t);
      const retryAsOther = await t.request({ method: 'POST', url: `/api/${other.school.code}/admin/jobs/${job.id}/retry`, token: other.adminToken });
      expect(retryAsOther.statusCode).toBe(404);
      expect(retryAsOther.json()).toMatchObject({ error: 'not_found' });
      const listedAsOther = await t.request({ method: 'GET', url: `/api/${other.school.code}/admin/jobs?state=queued`, token: other.adminToken });
      expect(listedAsOther.json()).toEqual([]);
      expect(listedAsOther.headers['x-total-count']).toBe('0');
      const unknown = await t.request({ method: 'POST', url: `/api/${other.school.code}/admin/jobs/2147483647/retry`, token: other.adminToken });
      expect(unknown.statusCode).toBe(404);
      const badState = await t.request({ method: 'GET', url: `/api/${other.school.code}/admin/jobs?state=lost`, token: other.adminToken });
      expect(badState.statusCode).toBe(400);
      expect(badState.json()).toMatchObject({ error: 'invalid_request' });
    });
  },
  {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    registrationLimits: { ...defaultRegistrationLimits, registrationsPerIp: 1000 },
    jobs: { ...defaultJobsConfig, inProcess: false, maxAttempts: MAX_ATTEMPTS, backoffBaseMs: 60_000 },
  },
);
