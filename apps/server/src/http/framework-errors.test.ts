import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../test/harness';
import { disagreement } from './error-codes';
import { installErrorHandler } from './errors';

/** Sends raw bytes to the listening server and answers the status and the body of its reply. */
function rawRequest(port: number, text: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let reply = '';
    socket.on('data', (chunk) => (reply += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...body] = reply.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: body.join('\r\n\r\n') });
    });
  });
}

describeOnDatabases('framework errors', (t) => {
  let port = 0;
  // The harness closes the app, and with it this listening server.
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });

  it('item 18: oversized headers answer 431 as {error, message}', async () => {
    const school = await t.makeSchool();
    const res = await rawRequest(port, `GET /api/${school.code}/vue/settings HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual({ error: 'headers_too_large', message: expect.any(String) });
  });

  it('item 18: garbled HTTP answers 400 as {error, message}', async () => {
    const res = await rawRequest(port, 'NOT HTTP AT ALL\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ error: 'bad_request', message: expect.any(String) });
  });

  it('item 18: a bad %-escape or an overlong part of the address answers {error, message}', async () => {
    const school = await t.makeSchool();
    const badEscape = await rawRequest(port, `GET /api/${school.code}/people/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(badEscape.status).toBe(400);
    expect(JSON.parse(badEscape.body)).toEqual({ error: 'invalid_url', message: expect.any(String) });
    const long = await t.request({ method: 'GET', url: `/api/${school.code}/people/${'1'.repeat(200)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ error: 'uri_too_long', message: expect.any(String) });
    const badQuery = await t.request({ method: 'GET', url: `/api/${school.code}/vue/settings?x=%E0%A4%A` });
    expect(badQuery.statusCode).toBe(200);
  });
  it('item 4: over many bad requests, the status and the error code always agree', async () => {
    const school = await t.makeSchool();
    const admin = await t.makePerson(school, { role: 'admin' });
    const token = await t.signIn(admin);
    const api = `/api/${school.code}`;
    const json = { 'content-type': 'application/json' };
    const attempts: { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS'; url: string; body?: string; headers?: Record<string, string>; auth?: boolean }[] = [
      { method: 'GET', url: '/a//b' },
      { method: 'GET', url: `${api}//people` },
      { method: 'POST', url: `/api/demo//x`, body: '{}', headers: json },
      { method: 'GET', url: '/api/nope' },
      { method: 'GET', url: '/api/directory/no-such-school' },
      { method: 'GET', url: '/api/no-such-school/vue/settings' },
      { method: 'GET', url: `${api}/no-such-route` },
      { method: 'DELETE', url: `${api}/vue/settings` },
      { method: 'OPTIONS', url: `${api}/people` },
      { method: 'GET', url: `${api}/people`, auth: false },
      { method: 'GET', url: `${api}/people`, headers: { authorization: 'Bearer not-a-token' } },
      { method: 'GET', url: `${api}/people`, headers: { authorization: 'Basic !!!' } },
      { method: 'GET', url: `${api}/people/abc` },
      { method: 'GET', url: `${api}/people/2147483647` },
      { method: 'GET', url: `${api}/people?page=-1` },
      { method: 'GET', url: `${api}/people?q=%00` },
      { method: 'GET', url: `${api}/people/%E0%A4%A` },
      { method: 'GET', url: `${api}/people/${'9'.repeat(200)}` },
      { method: 'POST', url: `${api}/nodes`, body: '{"name":', headers: json },
      { method: 'POST', url: `${api}/nodes`, body: '', headers: json },
      { method: 'POST', url: `${api}/nodes`, body: 'name=x', headers: { 'content-type': 'text/plain' } },
      { method: 'POST', url: `${api}/nodes`, body: '{"name":"x"}', headers: { 'content-type': 'application/x-unknown' } },
      { method: 'POST', url: `${api}/nodes`, body: '{"__proto__":{"x":1}}', headers: json },
      { method: 'POST', url: `${api}/nodes`, body: '{"name":"\\ud800"}', headers: json },
      { method: 'POST', url: `${api}/nodes`, body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }), headers: json },
      { method: 'POST', url: `${api}/nodes`, body: '[]', headers: json },
      { method: 'PATCH', url: `${api}/nodes/2147483647`, body: '{"name":"x"}', headers: json },
      { method: 'POST', url: `${api}/people/${admin.id}/uploads`, body: 'x', headers: { 'content-type': 'multipart/form-data' } },
      { method: 'POST', url: `${api}/people/${admin.id}/uploads`, body: '--b\r\n', headers: { 'content-type': 'multipart/form-data; boundary=b' } },
      { method: 'PUT', url: `${api}/data/entities/2147483647`, body: '{"title":"x"}', headers: json },
      { method: 'GET', url: `${api}/people`, headers: { 'accept-encoding': 'identity;q=0, *;q=0' } },
    ];
    for (const attempt of attempts) {
      const res = await t.request({
        method: attempt.method,
        url: attempt.url,
        token: attempt.auth === false || attempt.headers?.authorization ? undefined : token,
        headers: attempt.headers,
        body: attempt.body,
      });
      if (res.statusCode < 400) continue;
      const body = res.json();
      expect({ url: attempt.url, problem: disagreement(res.statusCode, body.error) }, JSON.stringify(body)).toEqual({ url: attempt.url, problem: null });
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBeLessThan(500);
      if (res.statusCode === 404) expect(body.error, attempt.url).toBe('not_found');
    }
    // What Node answers before Fastify keeps the rule too.
    for (const text of [`GET ${api}/people HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`, 'NOT HTTP\r\n\r\n', `GET /a//b HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`]) {
      const res = await rawRequest(port, text);
      expect(disagreement(res.status, (JSON.parse(res.body) as { error: string }).error)).toBeNull();
    }
  });

  it('item 4: an error of a plugin whose status has no mapped code answers the code of its status', async () => {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    for (const [status, code] of [[404, 'FST_ERR_NOT_FOUND'], [406, 'FST_INVALID_MULTIPART_CONTENT_TYPE'], [416, 'FST_RANGE'], [413, 'FST_ERR_CTP_BODY_TOO_LARGE'], [400, 'FST_REQ_FILE_TOO_LARGE']] as const) {
      app.get(`/fail/${status}/${code}`, async () => {
        throw Object.assign(new Error('plugin says no'), { statusCode: status, code });
      });
    }
    const expected = { 404: 'not_found', 406: 'not_acceptable', 416: 'range_not_satisfiable', 413: 'payload_too_large', 400: 'bad_request' };
    for (const [status, code] of [[404, 'FST_ERR_NOT_FOUND'], [406, 'FST_INVALID_MULTIPART_CONTENT_TYPE'], [416, 'FST_RANGE'], [413, 'FST_ERR_CTP_BODY_TOO_LARGE'], [400, 'FST_REQ_FILE_TOO_LARGE']] as const) {
      const res = await app.inject({ method: 'GET', url: `/fail/${status}/${code}` });
      expect({ code, status: res.statusCode, error: res.json().error }).toEqual({ code, status, error: expected[status] });
    }
    await app.close();
  });
});
