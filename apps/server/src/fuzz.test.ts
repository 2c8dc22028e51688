import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { insertLoginToken } from './modules/auth/auth.queries';
import { hashLoginToken } from './modules/auth/tokens';
import { multipartFile } from './modules/import/multipart-file';
import { basic, type TestPerson } from './test/factories';
import { describeOnDatabases, type Org, type TestApp } from './test/harness';
import { tinyPng } from './test/multipart';
import { makeWorld, type World } from './test/world';

/**
 * Hostile input against every registered /api route, as several kinds of caller: whatever arrives,
 * the answer is never a 5xx and every non-2xx body is `{error, message}` (DESIGN "Errors").
 * Each route gets the same generic attacks (ids, query strings, bodies of the wrong shape), and,
 * where `samples` knows a valid request, every leaf of that request replaced by each hostile value,
 * so the bad value reaches the service and the database instead of stopping at the first check.
 */

const callers = {
  guest: () => null,
  parentA: (w: World) => w.parentA,
  studentA: (w: World) => w.studentA,
  teacherA: (w: World) => w.teacherA,
  admin: (w: World) => w.admin,
  otherAdmin: (w: World) => w.otherAdmin,
} satisfies Record<string, (w: World) => TestPerson | null>;
type CallerName = keyof typeof callers;
const genericCallers: CallerName[] = ['guest', 'parentA', 'teacherA', 'admin', 'otherAdmin'];

const nul = 'a\u0000b';
const huge = 'x'.repeat(1_000_000);

const hostileIds = ['1.0', '0x10', '1e3', '%201', '01', '2147483648', '%E0%A4%A', '%00', '__proto__', 'a'.repeat(3000)];

const hostileQueries = [
  '?q=a%00b&page=1e3&limit=0x10&node=%201',
  '?node=1.0&status=%E0%A4%A&role=%00&__proto__=1&constructor=2',
  `?q=${'y'.repeat(8000)}&page=99999999999999999999&role=x&role=y`,
];

/** Raw JSON bodies of the wrong shape (sent as application/json). */
const hostileBodies = [
  'null',
  '[]',
  '123',
  '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}',
  '{"a":',
  JSON.stringify(huge),
  JSON.stringify([nul, '%E0%A4%A', '__proto__', 'constructor', 'prototype']),
];

/** What each leaf of a valid request is replaced by. */
const hostileLeaves: unknown[] = [nul, huge, 'people/%E0%A4%A', 2 ** 31, -1, 1.5, true, null, [], JSON.parse('{"__proto__":1}')];

interface Sample {
  as: CallerName;
  org?: Org;
  params?: Record<string, string | number>;
  body?: unknown;
  headers?: Record<string, string>;
  /** A multipart upload instead of a JSON body. */
  file?: { name: string; content: Buffer | string };
}

/** A valid request per route, when it has a body worth mutating. */
const samples: Record<string, (w: World, t: TestApp, extra: Extra) => Sample | Promise<Sample>> = {
  'POST /api/:org/oauth/token': (w) => ({
    as: 'guest',
    body: { grant_type: 'client_credentials' },
    headers: { authorization: basic(w.studentA.username, w.studentA.password) },
  }),
  'POST /api/:org/oauth/login-token': async (w, t) => {
    const token = `fuzz-${Math.random().toString(36).slice(2)}-${Date.now()}`;
    const expiresAt = new Date(Date.now() + 60_000).toISOString();
    await insertLoginToken(t.db, w.school.id, { personId: w.studentA.id, tokenHash: hashLoginToken(token), expiresAt, createdBy: w.admin.id });
    return { as: 'guest', body: { token } };
  },
  'POST /api/:org/people/:id/login-tokens': () => ({ as: 'admin', body: { expiresInMinutes: 30 } }),
  'POST /api/:org/allowed': (w) => ({ as: 'parentA', body: ['vue/settings', `people/${w.studentA.id}`, 'POST admins'] }),
  'PATCH /api/:org/people/:id': () => ({
    as: 'admin',
    body: { mobile: '+57 300 111 2222', email: 'alba@example.com', language: 'es', firstName: 'Alba', lastName: 'Ruiz', document: 'FUZZ1' },
  }),
  'PUT /api/:org/people/:id/avatar': () => ({ as: 'studentA', file: { name: 'me.png', content: tinyPng } }),
  'POST /api/:org/nodes': (w) => ({ as: 'admin', body: { parentId: w.tree.root, typeId: w.tree.types.team, name: 'Fútbol' } }),
  'PATCH /api/:org/nodes/:id': (_w, _t, extra) => ({ as: 'admin', params: { id: extra.node }, body: { name: 'Renamed' } }),
  'POST /api/:org/nodes/:id/members': (w, _t, extra) => ({ as: 'admin', params: { id: extra.node }, body: { personId: w.studentB.id, role: 'student' } }),
  'POST /api/:org/admins': (w) => ({ as: 'admin', body: { personId: w.teacherA.id } }),
  'POST /api/:org/people/:id/devices': () => ({ as: 'studentA', body: { token: 'push', platform: 'web', model: 'Firefox', uuid: 'fuzz-device' } }),
  'POST /api/:org/nodes/:nodeId/imports': (w) => ({
    as: 'admin',
    params: { nodeId: w.tree.classA },
    file: { name: 'class.csv', content: 'Nombre,Apellido,Documento\nAna,Ruiz,FUZZ1\n' },
  }),
  'PUT /api/:org/nodes/:nodeId/imports/:id': (w, _t, extra) => ({
    as: 'admin',
    params: { nodeId: w.tree.classA, id: extra.draftImport },
    body: { mapping: { firstName: 0, lastName: 1, document: 2 } },
  }),
  'POST /api/:org/registration': (_w, _t, extra) => ({
    as: 'guest',
    org: extra.openSchool,
    body: {
      firstName: 'Laura',
      lastName: 'Gómez',
      lastName2: 'Ríos',
      document: `CC${Date.now()}`,
      gender: 'female',
      birthday: '1985-04-12',
      email: `laura.${Date.now()}@example.com`,
      password: 'a good password',
      passwordConfirmation: 'a good password',
      course: extra.openCourse,
      language: 'en',
      children: [{ firstName: 'Tomás', lastName: 'Gómez', document: `TI${Date.now()}`, gender: 'male', birthday: '2016-09-01' }],
    },
  }),
  'POST /api/:org/registration/verify': () => ({ as: 'guest', body: { token: 'unknown-token-value' } }),
  'POST /api/:org/audiences/preview': () => ({ as: 'admin', body: { rules: { field: 'role', op: 'eq', args: ['student'] } } }),
  'POST /api/:org/admin/jobs/:id/retry': async (w, t) => ({ as: 'admin', params: { id: await deadJobOf(w, t) } }),
};

/** A registration mail of the school that failed for good, for the retry route. */
async function deadJobOf(w: World, t: TestApp): Promise<number> {
  const mail = { to: 'nobody@example.com', kind: 'approved', language: 'es', personId: w.parentA.id, values: { name: 'Pablo', school: 'x', link: 'http://patio.example/code' } };
  const id = (await t.app.patio.jobs.enqueue(t.db, 'registration.mail', mail, { orgId: w.school.id, runAt: new Date(Date.now() + 3600_000) }))!;
  await t.db.updateTable('jobs').set({ state: 'dead', attempts: 8, last_error: 'the mail server refused it' }).where('id', '=', id).execute();
  return id;
}

interface Extra {
  node: number;
  draftImport: number;
  openSchool: Org;
  openCourse: number;
}

interface Attempt {
  method: string;
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
}

/** Every leaf path of a JSON value (array items included), with the value it holds. */
function leafPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.length ? value.flatMap((v, i) => leafPaths(v, [...path, i])) : [path];
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    return keys.length ? keys.flatMap((k) => leafPaths((value as Record<string, unknown>)[k], [...path, k])) : [path];
  }
  return [path];
}

function replaceAt(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path[path.length - 1]] = leaf;
  return copy;
}

function fillPath(route: string, params: Record<string, string | number>, raw: Record<string, string> = {}): string {
  return route.replace(/:(\w+)|\*/g, (_whole, name: string | undefined) => raw[name ?? '*'] ?? encodeURIComponent(String(params[name ?? '*'] ?? '1')));
}

/** Attacks any caller can make on a route: hostile ids in each path param, query strings, bodies. */
function genericAttacks(method: string, route: string, params: Record<string, string | number>): Attempt[] {
  const attempts: Attempt[] = [];
  const url = fillPath(route, params);
  const names = [...route.matchAll(/:(\w+)/g)].map((m) => m[1]).filter((n) => n !== 'org');
  for (const name of names) for (const id of hostileIds) attempts.push({ method, url: fillPath(route, params, { [name]: id }), headers: {} });
  for (const query of hostileQueries) attempts.push({ method, url: url + query, headers: {} });
  if (method !== 'GET') for (const payload of hostileBodies) attempts.push({ method, url, payload, headers: json });
  return attempts;
}

/** Attacks built from a valid request: each leaf, credential or uploaded file made hostile in turn. */
function sampleAttacks(method: string, route: string, params: Record<string, string | number>, sample: Sample): Attempt[] {
  const attempts: Attempt[] = [];
  const url = fillPath(route, params);
  if (sample.body !== undefined) {
    for (const path of leafPaths(sample.body)) {
      for (const leaf of hostileLeaves) attempts.push({ method, url, payload: JSON.stringify(replaceAt(sample.body, path, leaf)), headers: { ...json, ...sample.headers } });
    }
  }
  if (sample.headers?.authorization?.startsWith('Basic ')) {
    for (const [user, password] of [[nul, 'x'], ['ana', nul], [huge.slice(0, 4000), 'x'], ['%E0', '%00']]) {
      attempts.push({ method, url, payload: JSON.stringify(sample.body), headers: { ...json, authorization: basic(user, password) } });
    }
  }
  if (sample.file) {
    for (const [name, content] of [[nul, sample.file.content], [`${nul}.csv`, 'Nombre\na\u0000b\n'], [sample.file.name, 'Nombre,Apellido,Documento\nA\u0000na,Ruiz,FUZZ2\n'], ['x'.repeat(5000), sample.file.content], [sample.file.name, Buffer.from([0xff, 0xfe, 0x00, 0x00])]]) {
      const upload = multipartFile(name as string, content);
      attempts.push({ method, url, payload: upload.payload, headers: upload.headers });
    }
  }
  return attempts;
}

const json = { 'content-type': 'application/json' };

/** Why an answer breaks the error contract, or null when it keeps it. */
function contractBreach(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400) return null;
  let body: unknown;
  try {
    body = res.json();
  } catch {
    return `status ${res.statusCode} without a JSON body: ${res.body.slice(0, 200)}`;
  }
  const { error, message } = (body ?? {}) as { error?: unknown; message?: unknown };
  const keepsContract = typeof error === 'string' && /^[a-z][a-z0-9_]*$/.test(error) && typeof message === 'string';
  return keepsContract ? null : `status ${res.statusCode} without {error: code, message}: ${res.body.slice(0, 200)}`;
}

describeOnDatabases('hostile input', (t) => {
  let w: World;
  let extra: Extra;
  const tokens = new Map<CallerName, string | undefined>();

  beforeAll(async () => {
    w = await makeWorld(t);
    const openSchool = await t.makeSchool({ settings: { registration: { enabled: true } } });
    const openTree = await t.makeTree(openSchool);
    const node = await t.request({
      method: 'POST',
      url: `/api/${w.school.code}/nodes`,
      token: await t.signIn(w.admin),
      body: { parentId: w.tree.root, typeId: w.tree.types.team, name: 'Fuzz team' },
    });
    const upload = multipartFile('class.csv', 'Nombre,Apellido,Documento\nAna,Ruiz,FUZZ0\n');
    const draft = await t.app.inject({
      method: 'POST',
      url: `/api/${w.school.code}/nodes/${w.tree.classA}/imports`,
      payload: upload.payload,
      headers: { ...upload.headers, authorization: `Bearer ${await t.signIn(w.admin)}` },
    });
    extra = { node: node.json().id, draftImport: draft.json().id, openSchool, openCourse: openTree.classA };
    for (const [name, person] of Object.entries(callers) as [CallerName, (w: World) => TestPerson | null][]) {
      const who = person(w);
      tokens.set(name, who ? await t.signIn(who) : undefined);
    }
  });

  it('covers routes: every sample names a registered route', () => {
    const registered = new Set(t.app.patio.routes.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(samples).filter((key) => !registered.has(key))).toEqual([]);
  });

  it('items 10 and 18: no route answers hostile input with a 5xx or without {error, message}', async () => {
    const breaches: string[] = [];
    const routes = t.app.patio.routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !r.url.startsWith('/api/docs'));
    for (const { method, url: route } of routes) {
      const key = `${method} ${route}`;
      const sample = samples[key] ? await samples[key](w, t, extra) : null;
      const org = sample?.org ?? w.school;
      const params = { org: org.code, id: w.studentA.id, personId: w.studentB.id, nodeId: w.tree.classA, code: w.school.code, lang: 'es', uuid: 'x', file: 'x.png', '*': 'x', ...sample?.params };
      // Generic attacks take turns among the callers (each caller meets every kind of attack across
      // the routes); the sample's mutations go to the caller the valid request is for.
      const turns: [CallerName, Attempt][] = [
        ...genericAttacks(method, route, params).map((attempt, i) => [genericCallers[i % genericCallers.length], attempt] as [CallerName, Attempt]),
        ...(sample ? sampleAttacks(method, route, params, sample).map((attempt) => [sample.as, attempt] as [CallerName, Attempt]) : []),
      ];
      for (const [caller, attempt] of turns) {
        const token = tokens.get(caller);
        const headers = { ...(token && !attempt.headers.authorization ? { authorization: `Bearer ${token}` } : {}), ...attempt.headers };
        const res = await t.app.inject({ method: attempt.method as 'GET', url: attempt.url, headers, ...(attempt.payload !== undefined ? { payload: attempt.payload } : {}) });
        const breach = contractBreach(res);
        if (breach) breaches.push(`${key} as ${caller}: ${attempt.url.slice(0, 120)} ${String(attempt.payload ?? '').slice(0, 120)} → ${breach}`);
      }
    }
    expect(breaches).toEqual([]);
  }, 120_000);
});
