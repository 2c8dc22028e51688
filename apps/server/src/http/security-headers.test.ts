import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { describeOnDatabases } from '../test/harness';
import { securityHeadersOf } from './security-headers';

const options = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'], frameAncestors: ["'none'"] } },
  crossOriginEmbedderPolicy: false,
};

describe('security headers', () => {
  it('are the very headers @fastify/helmet sets on a route, taken once', async () => {
    const live = Fastify({ logger: false });
    await live.register(helmet, options);
    live.get('/', async () => ({ ok: true }));
    const res = await live.inject({ method: 'GET', url: '/' });
    await live.close();
    const { 'content-type': _type, 'content-length': _length, date: _date, connection: _connection, ...fromHelmet } = res.headers;

    const once = await securityHeadersOf(options);
    expect(once).toEqual(fromHelmet);
    expect(once['content-security-policy']).toBe("default-src 'self';img-src 'self' data:;frame-ancestors 'none'");
    expect(once).not.toHaveProperty('cross-origin-embedder-policy');
  });
});

describeOnDatabases('security headers of the app', (t) => {
  const expectSecured = (headers: Record<string, unknown>) => {
    const csp = String(headers['content-security-policy']);
    for (const directive of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "frame-ancestors 'none'", "connect-src 'self' ws: wss:"]) {
      expect(csp).toContain(directive);
    }
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(headers).not.toHaveProperty('cross-origin-embedder-policy');
  };

  it('go with answers, errors and unknown paths alike', async () => {
    const school = await t.makeSchool();
    const ana = await t.makePerson(school);
    const token = await t.signIn(ana);
    const ok = await t.request({ method: 'GET', url: `/api/${school.code}/people/${ana.id}`, token });
    expect(ok.statusCode).toBe(200);
    expectSecured(ok.headers);
    const unauthorized = await t.request({ method: 'GET', url: `/api/${school.code}/people/${ana.id}` });
    expect(unauthorized.statusCode).toBe(401);
    expectSecured(unauthorized.headers);
    const unknown = await t.request({ method: 'GET', url: '/api/no/such/endpoint/at/all' });
    expect(unknown.statusCode).toBe(404);
    expectSecured(unknown.headers);
  });

  it('leave the API documentation its own, looser policy', async () => {
    const docs = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(String(docs.headers['content-security-policy'])).toContain("style-src 'self' 'unsafe-inline'");
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
  });
});
