import { beforeAll, expect, it } from 'vitest';
import { insertLoginToken } from './modules/auth/auth.queries';
import { hashLoginToken } from './modules/auth/tokens';
import { basic, type TestPerson } from './test/factories';
import { describeOnDatabases, type Org, type TestApp } from './test/harness';

/**
 * Every API route × every kind of caller → expected status. The suite fails when a registered /api
 * route has no row here (or a row names a route that no longer exists). A new endpoint adds a row;
 * a new kind of caller adds a key to `Callers` and a column to every row (TypeScript lists the gaps).
 */

interface World {
  school: Org;
  /** The person the path is about ({id} in the URL). */
  person: TestPerson;
  /** Another person of the same school with no relation to `person`. */
  peer: TestPerson;
  admin: TestPerson;
  otherSchool: Org;
  otherAdmin: TestPerson;
}

const callers = {
  guest: () => null,
  self: (w: World) => w.person,
  sameSchool: (w: World) => w.peer,
  schoolAdmin: (w: World) => w.admin,
  otherSchoolAdmin: (w: World) => w.otherAdmin,
} satisfies Record<string, (w: World) => TestPerson | null>;
type Callers = Record<keyof typeof callers, number>;

interface Row {
  method: string;
  /** The route as registered. */
  route: string;
  /** Values for the path (default: org = the school, id = the person) plus body and headers. */
  request?: (w: World, t: TestApp) => Promise<RequestParts> | RequestParts;
  expect: Callers;
}
interface RequestParts {
  params?: Record<string, string | number>;
  body?: unknown;
  headers?: Record<string, string>;
}

const all = (status: number): Callers => ({ guest: status, self: status, sameSchool: status, schoolAdmin: status, otherSchoolAdmin: status });
const device = { token: 'push', platform: 'web', model: 'Firefox', uuid: 'authz-device' };

const table: Row[] = [
  // Outside any school
  { method: 'GET', route: '/api/directory/:code', request: (w) => ({ params: { code: w.school.code } }), expect: all(200) },
  { method: 'GET', route: '/api/docs', expect: all(200) },
  { method: 'GET', route: '/api/docs/json', expect: all(200) },
  { method: 'GET', route: '/api/docs/yaml', expect: all(200) },
  { method: 'GET', route: '/api/docs/static/index.html', expect: all(302) },
  { method: 'GET', route: '/api/docs/static/swagger-initializer.js', expect: all(200) },
  { method: 'GET', route: '/api/docs/static/*', request: () => ({ params: { '*': 'swagger-ui.css' } }), expect: all(200) },

  // auth
  {
    method: 'POST',
    route: '/api/:org/oauth/token',
    request: (w) => ({ body: { grant_type: 'client_credentials' }, headers: { authorization: basic(w.person.username, w.person.password) } }),
    expect: all(200),
  },
  {
    method: 'POST',
    route: '/api/:org/oauth/login-token',
    request: async (w, t) => {
      const token = `authz-${Math.random().toString(36).slice(2)}-${Date.now()}`;
      const expiresAt = new Date(Date.now() + 60_000).toISOString();
      await insertLoginToken(t.db, w.school.id, { personId: w.person.id, tokenHash: hashLoginToken(token), expiresAt, createdBy: w.admin.id });
      return { body: { token } };
    },
    expect: all(200),
  },
  {
    method: 'POST',
    route: '/api/:org/people/:id/login-tokens',
    request: () => ({ body: {} }),
    expect: { guest: 401, self: 403, sameSchool: 403, schoolAdmin: 201, otherSchoolAdmin: 403 },
  },
  {
    method: 'POST',
    route: '/api/:org/allowed',
    request: () => ({ body: ['vue/settings'] }),
    expect: { guest: 401, self: 200, sameSchool: 200, schoolAdmin: 200, otherSchoolAdmin: 403 },
  },

  // people
  { method: 'GET', route: '/api/:org/people/:id', expect: { guest: 401, self: 200, sameSchool: 200, schoolAdmin: 200, otherSchoolAdmin: 403 } },

  // devices
  {
    method: 'POST',
    route: '/api/:org/people/:id/devices',
    request: () => ({ body: device }),
    expect: { guest: 401, self: 201, sameSchool: 403, schoolAdmin: 403, otherSchoolAdmin: 403 },
  },
  {
    method: 'DELETE',
    route: '/api/:org/people/:id/devices/:uuid',
    request: async (w, t) => {
      // Each call starts with the device registered, so "self" can really delete it.
      await t.request({ method: 'POST', url: `/api/${w.school.code}/people/${w.person.id}/devices`, token: await t.signIn(w.person), body: device });
      return { params: { uuid: device.uuid } };
    },
    expect: { guest: 401, self: 204, sameSchool: 403, schoolAdmin: 403, otherSchoolAdmin: 403 },
  },

  // settings and i18n (public: the sign-in screen needs them)
  { method: 'GET', route: '/api/:org/vue/settings', expect: all(200) },
  { method: 'GET', route: '/api/:org/vue/i18n/languages/:lang', request: () => ({ params: { lang: 'es' } }), expect: all(200) },
  { method: 'GET', route: '/api/:org/1/i18n/languages/:lang', request: () => ({ params: { lang: 'en' } }), expect: all(200) },
];

function fillPath(route: string, params: Record<string, string | number>): string {
  return route.replace(/:(\w+)|\*/g, (whole, name: string | undefined) => {
    const value = params[name ?? '*'];
    if (value === undefined) throw new Error(`No value for ${whole} in ${route}`);
    return encodeURIComponent(String(value));
  });
}

describeOnDatabases('authorization table', (t) => {
  let w: World;
  beforeAll(async () => {
    const school = await t.makeSchool();
    const otherSchool = await t.makeSchool();
    w = {
      school,
      person: await t.makePerson(school, { role: 'student' }),
      peer: await t.makePerson(school, { role: 'relative' }),
      admin: await t.makePerson(school, { role: 'admin' }),
      otherSchool,
      otherAdmin: await t.makePerson(otherSchool, { role: 'admin' }),
    };
  });

  it('has a row for every /api route and no row for a route that does not exist', () => {
    const key = (method: string, url: string) => `${method} ${url}`;
    const registered = new Set(
      t.app.patio.routes.filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD').map((r) => key(r.method, r.url)),
    );
    const rows = new Set(table.map((row) => key(row.method, row.route)));
    expect([...registered].filter((r) => !rows.has(r)), 'routes missing from the authorization table').toEqual([]);
    expect([...rows].filter((r) => !registered.has(r)), 'rows for routes that do not exist').toEqual([]);
  });

  for (const row of table) {
    for (const [caller, status] of Object.entries(row.expect) as [keyof typeof callers, number][]) {
      it(`${row.method} ${row.route} as ${caller} → ${status}`, async () => {
        const parts = (await row.request?.(w, t)) ?? {};
        const url = fillPath(row.route, { org: w.school.code, id: w.person.id, ...parts.params });
        const person = callers[caller](w);
        const res = await t.request({
          method: row.method as 'GET',
          url,
          token: person ? await t.signIn(person) : undefined,
          body: parts.body,
          headers: parts.headers,
        });
        expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
        if (status >= 400) expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      });
    }
  }
});
