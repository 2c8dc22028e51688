import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../test/harness';

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
});
