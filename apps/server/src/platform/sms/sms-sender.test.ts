import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config';
import { createHttpSmsSender } from './http-sms';
import { parseSms, SmsError } from './sms';
import { smsSenderFor } from './sms-sender';

const text = 'Patio: hay un aviso urgente del colegio. Ábrelo en https://patio.example.org/threads/feed/3';

describe('SMS', () => {
  let server: Server;
  let url = '';
  const requests: { path?: string; headers: Record<string, unknown>; body: unknown }[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.url === '/hang') return;
        requests.push({ path: request.url, headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        const status = Number(request.url?.slice(1)) || 202;
        response.writeHead(status, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('logs the number and the length, never the text, when no gateway is configured', async () => {
    const lines: [object, string | undefined][] = [];
    const log = { info: (obj: object, msg?: string) => lines.push([obj, msg]), warn: () => undefined, error: () => undefined };
    await smsSenderFor({} as AppConfig, log).send('+573001234567', text, { idempotencyKey: 'n-1:sms' });
    expect(lines).toHaveLength(1);
    expect(lines[0][0]).toEqual({ to: '+573001234567', length: text.length, idempotencyKey: 'n-1:sms' });
    expect(JSON.stringify(lines)).not.toContain('aviso urgente');
  });

  it('posts to the gateway with a bearer token and an Idempotency-Key', async () => {
    const config = { sms: { url: `${url}/200`, token: 'gateway-secret' } } as AppConfig;
    await smsSenderFor(config, console).send('+573001234567', text, { idempotencyKey: 'n-1:sms' });
    expect(requests.at(-1)).toMatchObject({
      headers: { authorization: 'Bearer gateway-secret', 'idempotency-key': 'n-1:sms', 'content-type': 'application/json' },
      body: { to: '+573001234567', text, idempotencyKey: 'n-1:sms' },
    });
    await createHttpSmsSender({ url: `${url}/202` }).send('+573001234567', 'x', { idempotencyKey: 'k' });
    expect(requests.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('fails without retry on 4xx and with retry on 5xx, timeouts and unreachable gateways', async () => {
    const failure = async (target: string, timeoutMs?: number) => {
      try {
        await createHttpSmsSender({ url: target }, timeoutMs).send('+573001234567', 'x', { idempotencyKey: 'k' });
      } catch (err) {
        return err;
      }
      throw new Error('sent');
    };
    expect(await failure(`${url}/400`)).toMatchObject({ retry: false, message: 'SMS gateway answered 400' });
    expect(await failure(`${url}/401`)).toMatchObject({ retry: false });
    expect(await failure(`${url}/503`)).toMatchObject({ retry: true });
    expect(await failure(`${url}/429`)).toMatchObject({ retry: true });
    expect(await failure(`${url}/hang`, 200)).toMatchObject({ retry: true, message: 'SMS gateway did not answer in time' });
    const unreachable = await failure('http://127.0.0.1:1/send');
    expect(unreachable).toBeInstanceOf(SmsError);
    expect(unreachable).toMatchObject({ retry: true });
  });

  it('reads the gateway from SMS_HTTP_URL and SMS_HTTP_TOKEN', () => {
    expect(parseSms({})).toBeUndefined();
    expect(parseSms({ SMS_HTTP_URL: 'https://sms.example.org/send', SMS_HTTP_TOKEN: 's3cret' })).toEqual({ url: 'https://sms.example.org/send', token: 's3cret' });
    expect(() => parseSms({ SMS_HTTP_URL: 'sms.example.org' })).toThrow(/SMS_HTTP_URL/);
  });
});
