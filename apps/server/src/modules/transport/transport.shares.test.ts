import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZSharedRoute } from '@patio/core';
import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { freshRun, nextReportTime, postReport, reportAt } from './transport.fixtures';

// Share links (issue 13 §2 "Share"): made by a rider's relative or staff, read without signing in
// until they expire (then 410, also for the page), never showing who rides the bus.

const webRoot = mkdtempSync(join(tmpdir(), 'patio-share-web-'));
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Patio</title><div id="root"></div>');

describeOnDatabases(
  'transport: share links',
  (t) => {
    let w: World;
    const share = async (person: TestPerson, body: unknown = { minutes: 30 }) =>
      t.request({ method: 'POST', url: `/api/${w.school.code}/transport/routes/${w.route}/shares`, token: await t.signIn(person), body, headers: { host: 'patio.example.org' } });
    const tokenOf = (url: string) => url.split('/').pop()!;
    const expire = (token: string) => t.db.updateTable('transport_shares').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('org_id', '=', w.school.id).where('token_hash', '=', sha256(token)).execute();

    beforeAll(async () => {
      w = await makeWorld(t);
    });

    it("is made by a rider's relative or staff, for 5 minutes to a day", async () => {
      const made = await share(w.riderParent);
      expect(made.statusCode).toBe(201);
      const { url, expiresAt } = made.json();
      expect(url).toMatch(new RegExp(`^http://patio\\.example\\.org/share/${w.school.code}/[A-Za-z0-9_-]{43}$`));
      expect(Math.abs(expiresAt - (Date.now() / 1000 + 30 * 60))).toBeLessThan(5);
      for (const person of [w.admin, w.teacherA, w.employee]) expect((await share(person)).statusCode, person.firstName).toBe(201);
      expect((await share(w.driver)).statusCode).toBe(403);
      expect((await share(w.rider)).statusCode).toBe(403);
      expect((await share(w.parentA)).statusCode).toBe(404);
      expect((await share(w.riderParent, { minutes: 1 })).statusCode).toBe(400);
      expect((await share(w.riderParent, { minutes: 24 * 60 + 1 })).statusCode).toBe(400);
      // Only the hash is stored.
      const rows = await t.db.selectFrom('transport_shares').select('token_hash').where('org_id', '=', w.school.id).execute();
      expect(rows.map((r) => r.token_hash)).toContain(sha256(tokenOf(url)));
      expect(JSON.stringify(rows)).not.toContain(tokenOf(url));
    });

    it('opens without signing in: the route, its stops, the bus and ETAs, never the riders', async () => {
      const { url } = (await share(w.riderParent)).json();
      const runId = await freshRun(t, w);
      expect((await postReport(t, w, w.driver, reportAt(4.68, -74.05, nextReportTime()))).statusCode).toBe(201);
      const res = await t.request({ method: 'GET', url: `/api/${w.school.code}/transport/shares/${tokenOf(url)}` });
      expect(res.statusCode).toBe(200);
      const shared = ZSharedRoute.parse(res.json());
      expect(shared).toMatchObject({ routeId: w.route, name: 'Route 1', running: true, lastPosition: { latitude: 4.68 } });
      expect(shared.stops.map((s) => s.id)).toEqual(w.stops);
      expect(shared.stops.every((s) => s.eta !== null && !s.mine)).toBe(true);
      for (const person of [w.rider, w.riderParent, w.driver]) {
        expect(res.body).not.toContain(person.firstName);
        expect(res.body).not.toContain(person.lastName);
      }
      expect(res.body).not.toMatch(/riders|person/);
      // With a token, even another school's, it reads the same.
      const withToken = await t.request({ method: 'GET', url: `/api/${w.school.code}/transport/shares/${tokenOf(url)}`, token: await t.signIn(w.otherAdmin) });
      expect(withToken.statusCode).toBe(200);
      await t.request({ method: 'POST', url: `/api/${w.school.code}/transport/routes/${w.route}/runs/${runId}/finish`, token: await t.signIn(w.driver) });
      expect(ZSharedRoute.parse((await t.request({ method: 'GET', url: `/api/${w.school.code}/transport/shares/${tokenOf(url)}` })).json()).running).toBe(false);
    });

    it('answers 410 once expired, 404 for a link that never was or of another school', async () => {
      const { url } = (await share(w.admin, { minutes: 5 })).json();
      const token = tokenOf(url);
      await expire(token);
      const gone = await t.request({ method: 'GET', url: `/api/${w.school.code}/transport/shares/${token}` });
      expect(gone.statusCode).toBe(410);
      expect(gone.json().error).toBe('share_expired');
      const other = 'A'.repeat(43);
      expect((await t.request({ method: 'GET', url: `/api/${w.school.code}/transport/shares/${other}` })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: `/api/${w.school.code}/transport/shares/short` })).statusCode).toBe(404);
      const valid = tokenOf((await share(w.admin)).json().url);
      expect((await t.request({ method: 'GET', url: `/api/${w.otherSchool.code}/transport/shares/${valid}` })).statusCode).toBe(404);
    });

    it('serves the web page of a link with 200 while valid, 410 once expired and 404 when unknown', async () => {
      const token = tokenOf((await share(w.riderParent)).json().url);
      const page = await t.request({ method: 'GET', url: `/share/${w.school.code}/${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<div id="root">');
      await expire(token);
      const expired = await t.request({ method: 'GET', url: `/share/${w.school.code}/${token}` });
      expect(expired.statusCode).toBe(410);
      expect(expired.body).toContain('<div id="root">');
      expect((await t.request({ method: 'GET', url: `/share/${w.school.code}/${'B'.repeat(43)}` })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: `/share/no-such-school/${token}` })).statusCode).toBe(404);
    });
  },
  { webRoot },
);

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
