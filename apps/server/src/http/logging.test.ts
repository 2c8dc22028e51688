import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createLogger, loggableUrl, loggerOptions } from './logging';

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

  it("writes one line per request at debug, with method, path, status, time and the client's address, and no token", async () => {
    const { app, lines } = await appLoggingAt('debug');
    await app.inject({ method: 'GET', url: '/api/demo/people?token=SECRET-LINK', remoteAddress: '192.0.2.7' });
    const requestLines = lines.filter((line) => line.level === 20);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ method: 'GET', statusCode: 200, url: '/api/demo/people?token=[redacted]', remoteAddress: '192.0.2.7' });
    expect(requestLines[0].msg).toMatch(/^GET \/api\/demo\/people\?token=\[redacted\] 200 \d+ ms 192\.0\.2\.7$/);
    expect(JSON.stringify(lines)).not.toContain('SECRET-LINK');
    await app.close();
  });
});

describe('what a log line may hold (issue 31 item 4)', () => {
  it('item 4: cuts secrets from logged addresses: query tokens and signatures, and secret path segments', () => {
    expect(loggableUrl('/api/demo/files/3/original?expires=0&sig=abc&download=1')).toBe('/api/demo/files/3/original?expires=0&sig=[redacted]&download=1');
    expect(loggableUrl('/api/demo/people/3/avatar?expires=1&signature=abc')).toBe('/api/demo/people/3/avatar?expires=1&signature=[redacted]');
    expect(loggableUrl('/api/demo/transport/shares/s3cr3t-t0k3n', { org: 'demo', token: 's3cr3t-t0k3n' })).toBe('/api/demo/transport/shares/[redacted]');
    expect(loggableUrl('/api/demo/calendar/subscriptions/a%20b.ics?x=1', { org: 'demo', file: 'a b.ics' })).toBe('/api/demo/calendar/subscriptions/[redacted]?x=1');
    // Other parameters stay readable; only whole segments are cut.
    expect(loggableUrl('/api/demo/people/12', { org: 'demo', id: '12' })).toBe('/api/demo/people/12');
    expect(loggableUrl('/api/de/shares/d', { org: 'de', token: 'd' })).toBe('/api/de/shares/[redacted]');
  });

  it('item 4: redacts passwords, tokens, documents, clinic data and message bodies wherever an entry names them', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = await createLogger({ logLevel: 'debug', logDestination: sink });
    logger.info({ password: 'pw-1', user: { newPassword: 'pw-2', token: 'tk-1' }, body: 'cuerpo-1', document: 'CC-1', clinic: { medicalInsurance: 'EPS-1' } }, 'entry');
    logger.info({ message: { text: 'texto-1', html: '<p>html-1</p>', description: 'desc-1' }, patch: { medicalInsurance: 'EPS-2', bloodType: 'O+' } }, 'entry');
    logger.info({ req: { method: 'GET', url: '/x?access_token=tk-2', headers: { authorization: 'Bearer tk-3', cookie: 'c-1' } } }, 'incoming request');
    const text = lines.join('');
    for (const secret of ['pw-1', 'pw-2', 'tk-1', 'tk-2', 'tk-3', 'cuerpo-1', 'CC-1', 'EPS-1', 'EPS-2', 'O+', 'texto-1', 'html-1', 'desc-1', 'c-1']) expect(text, secret).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });

  it('item 4: writes one readable line per entry when pretty, JSON otherwise', async () => {
    const capture = async (logPretty: boolean) => {
      let text = '';
      const sink = new Writable({
        write(chunk, _encoding, done) {
          text += String(chunk);
          done();
        },
      });
      const logger = await createLogger({ logLevel: 'info', logPretty, logDestination: sink });
      logger.info({ reqId: 'r-1', password: 'pw-9' }, 'school opened');
      return text;
    };
    const pretty = await capture(true);
    expect(pretty.trim().split('\n')).toHaveLength(1);
    expect(pretty).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: school opened .*"reqId":"r-1"/);
    expect(pretty).not.toContain('pw-9');
    expect(pretty).not.toContain('"level"');
    expect(JSON.parse(await capture(false))).toMatchObject({ level: 30, msg: 'school opened', reqId: 'r-1', password: '[redacted]' });
  });
});
