import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createFreshDatabase, testDatabases } from '../../test/databases';
import { describeOnDatabases, testConfig } from '../../test/harness';
import { updateOrgSettings } from './org.queries';

describeOnDatabases('school directory and HTTP basics', (t) => {
  it('resolves a school code to its API base URL', async () => {
    const school = await t.makeSchool({ title: 'Colegio Uno', logo: 'https://example.com/l.png' });
    const res = await t.request({ method: 'GET', url: `/api/directory/${school.code.toUpperCase()}`, headers: { host: 'patio.example.co' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: school.code,
      title: 'Colegio Uno',
      logo: 'https://example.com/l.png',
      url: `http://patio.example.co/api/${school.code}/`,
    });
  });

  it('answers 404 for an unknown code and 400 for an invalid one', async () => {
    const unknown = await t.request({ method: 'GET', url: '/api/directory/no-such-school' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'not_found' });
    const invalid = await t.request({ method: 'GET', url: '/api/directory/x' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().details[0].path).toBe('code');
    expect((await t.request({ method: 'GET', url: '/api/directory/bad%20code!' })).statusCode).toBe(400);
  });

  it('serves a school from the org cache, and sees new settings and new schools at once', async () => {
    const school = await t.makeSchool();
    const settings = `/api/${school.code}/registration`;
    expect((await t.request({ method: 'GET', url: settings })).json().enabled).toBe(false);
    await updateOrgSettings(t.db, school.id, { registration: { enabled: true } });
    expect((await t.request({ method: 'GET', url: settings })).json().enabled).toBe(true);
    expect((await t.request({ method: 'GET', url: '/api/later-school/registration' })).statusCode).toBe(404);
    await t.makeSchool({ code: 'later-school' });
    expect((await t.request({ method: 'GET', url: '/api/later-school/registration' })).statusCode).toBe(200);
  });

  it('answers JSON 404 for unknown API paths, with every method', async () => {
    const school = await t.makeSchool();
    for (const [method, url] of [
      ['GET', '/api/nothing'],
      ['GET', `/api/${school.code}/no/such/thing`],
      ['POST', `/api/${school.code}/people`],
      ['DELETE', '/api'],
    ] as const) {
      const res = await t.request({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json().error).toBe('not_found');
    }
  });

  it('sends a strict Content-Security-Policy and no-store on API answers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/directory/nope-school' });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "frame-ancestors 'none'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('turns malformed JSON, wrong content types and huge bodies into 4xx, never 500', async () => {
    const school = await t.makeSchool();
    const ana = await t.makePerson(school);
    const token = await t.signIn(ana);
    const url = `/api/${school.code}/people/${ana.id}/devices`;
    const broken = await t.request({ method: 'POST', url, token, body: '{"token": ', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('invalid_json');
    const xml = await t.request({ method: 'POST', url, token, body: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error).toBe('unsupported_media_type');
    const huge = await t.request({ method: 'POST', url, token, body: { token: 'x'.repeat(2 * 1024 * 1024), platform: 'a', uuid: 'u' } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBe('payload_too_large');
    const weird = await t.request({ method: 'GET', url: `/api/${school.code}/people/%E0%A4%A` , token });
    expect(weird.statusCode).toBeLessThan(500);
  });

  it('serves the OpenAPI document of every school route', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of ['/api/directory/{code}', '/api/{org}/oauth/token', '/api/{org}/people/{id}', '/api/{org}/allowed']) {
      expect(paths).toContain(p);
    }
    const ui = await t.request({ method: 'GET', url: '/api/docs/' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('the web app', () => {
  const kind = testDatabases[0];
  const webRoot = mkdtempSync(join(tmpdir(), 'patio-web-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Patio</title>');
  writeFileSync(join(webRoot, 'assets', 'index-AbCdEf12.js'), 'console.log(1)');
  let close: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await close?.();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves index.html for client routes (not cached) and assets cached for a year', async () => {
    const fresh = await createFreshDatabase(kind);
    const app = await buildApp(testConfig(fresh, { webRoot }));
    close = async () => {
      await app.close();
      await fresh.drop();
    };
    for (const url of ['/', '/login?school=demo&token=abc', '/deck/highlights']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Patio</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/index-AbCdEf12.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missingAsset = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.json().error).toBe('not_found');
    expect((await app.inject({ method: 'POST', url: '/somewhere' })).statusCode).toBe(404);
  });
});
