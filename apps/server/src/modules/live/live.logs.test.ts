import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIVE_CLOSE } from '@patio/core';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { useBuiltProcesses } from '../../test/built-processes';
import { acceptsConnections, freePort } from '../../test/loopback-ports';
import { openLive, within } from './live-client.fixtures';

// The token in the live socket's address (`?access_token=`) against the real logs: the built server
// process, as `npm start` runs it, logging everything (trace).

const processes = useBuiltProcesses();
const dataDir = mkdtempSync(join(tmpdir(), 'patio-live-logs-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the live socket in the logs of a server process', () => {
  it('never writes the access_token of an address, even at trace, for a refused token or an address without a socket', async () => {
    const port = await freePort();
    const server = processes.start('main.js', { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_ROOT: join(processes.dir(), 'no-web-app') }, 'trace');
    await vi.waitFor(async () => expect(await acceptsConnections(port)).toBe(true), { timeout: 60_000, interval: 100 });
    const signedIn = await fetch(`http://127.0.0.1:${port}/api/demo/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from('parent:demo1234').toString('base64')}` },
      body: JSON.stringify({ grant_type: 'client_credentials' }),
    });
    const token = ((await signedIn.json()) as { access_token: string }).access_token;
    const base = `ws://127.0.0.1:${port}`;

    const live = await openLive(base, 'demo', { accessToken: token });
    expect(await live.next()).toMatchObject({ type: 'ready' });
    const forged = await openLive(base, 'demo', { accessToken: `${token.slice(0, -4)}AAAA` });
    expect((await within(forged.closed)).code).toBe(LIVE_CLOSE.unauthorized);
    // A public route that has no socket (the WebSocket plugin would accept, close and log the whole address).
    await expect(openLive(base, 'directory', { path: 'demo', accessToken: token })).rejects.toThrow(/404/);
    await expect(openLive(base, 'demo', { path: 'people', accessToken: token })).rejects.toThrow(/404/);
    live.socket.close();
    await live.closed;
    server.child.kill('SIGTERM');
    expect((await server.exited).code, server.output().slice(-2000)).toBe(0);

    const output = server.output();
    // An upgraded socket writes no request line; the refused upgrade does, with the token replaced.
    expect(output).toContain('/api/demo/people?access_token=[redacted]');
    const [, claims, signature] = token.split('.');
    expect(output).not.toContain(claims);
    expect(output).not.toContain(signature.slice(0, -4));
  }, 120_000);
});
