import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logging';

/** A Fastify app logging with the server's options into memory, with a route that works and one that fails. */
async function appLoggingAt(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ loggerInstance: pino(loggerOptions(level) as pino.LoggerOptions, sink) });
  app.get('/api/demo/people', async () => ({ ok: true }));
  app.get('/api/demo/boom', async () => {
    throw new Error('database unreachable');
  });
  await app.ready();
  return { app, lines };
}

describe('request logs', () => {
  it('writes no request line at the default level, info, and keeps errors', async () => {
    const { app, lines } = await appLoggingAt('info');
    expect((await app.inject({ method: 'GET', url: '/api/demo/people' })).statusCode).toBe(200);
    expect(lines).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/api/demo/boom' })).statusCode).toBe(500);
    expect(lines.some((line) => line.level === 50 && JSON.stringify(line).includes('database unreachable'))).toBe(true);
    expect(lines.filter((line) => line.level === 30)).toEqual([]);
    await app.close();
  });

  it('writes one line per request at debug, with method, path, status and time, and no token', async () => {
    const { app, lines } = await appLoggingAt('debug');
    await app.inject({ method: 'GET', url: '/api/demo/people?token=SECRET-LINK' });
    const requestLines = lines.filter((line) => line.level === 20);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ method: 'GET', statusCode: 200, url: '/api/demo/people?token=[redacted]' });
    expect(requestLines[0].msg).toMatch(/^GET \/api\/demo\/people\?token=\[redacted\] 200 \d+ ms$/);
    expect(JSON.stringify(lines)).not.toContain('SECRET-LINK');
    await app.close();
  });
});
