import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedError, feedAddressOf, fetchFeed } from './calendar.fetch';
import { type FeedServer, oneEventFeed, startFeedServer } from './calendar.fetch.fixtures';

const allowed = { allowPrivate: true };

async function failure(promise: Promise<unknown>): Promise<FeedError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof FeedError)) throw new Error(`expected a FeedError, got ${String(err)}`);
  return err;
}

describe('fetching an external feed', () => {
  let server: FeedServer;
  beforeAll(async () => {
    server = await startFeedServer(oneEventFeed('one@test', 'Uno', '2026-12-01'));
  });
  afterAll(() => server.close());

  it('reads http, https and webcal addresses only, without credentials, and drops the fragment', () => {
    expect(feedAddressOf('webcal://calendar.example.org/a.ics')).toBe('https://calendar.example.org/a.ics');
    expect(feedAddressOf(' WEBCAL://calendar.example.org/a.ics#x ')).toBe('https://calendar.example.org/a.ics');
    expect(feedAddressOf('http://calendar.example.org/a.ics?k=1')).toBe('http://calendar.example.org/a.ics?k=1');
    for (const bad of ['ftp://calendar.example.org/a.ics', 'file:///etc/passwd', 'javascript:alert(1)', 'calendar.example.org/a.ics', '', 'https://user:pw@calendar.example.org/a.ics', 'gopher://x']) {
      expect(feedAddressOf(bad), bad).toBeNull();
    }
  });

  it('answers the text of a feed that answers 200', async () => {
    expect(await fetchFeed(`${server.base}/feed.ics`, allowed)).toContain('SUMMARY:Uno');
  });

  it('follows up to three redirects and refuses a fourth, and a redirect to another scheme', async () => {
    expect(await fetchFeed(`${server.base}/redirect/3`, allowed)).toContain('SUMMARY:Uno');
    expect((await failure(fetchFeed(`${server.base}/redirect/4`, allowed))).message).toMatch(/redirects too many times/);
    expect((await failure(fetchFeed(`${server.base}/ftp-redirect`, allowed))).code).toBe('feed_unreachable');
  });

  it('refuses a 500, a missing page and an address nothing listens on', async () => {
    for (const path of ['/error.ics', '/missing.ics']) {
      const err = await failure(fetchFeed(`${server.base}${path}`, allowed));
      expect(err.code, path).toBe('feed_unreachable');
    }
    expect((await failure(fetchFeed('http://127.0.0.1:1/feed.ics', allowed))).code).toBe('feed_unreachable');
  });

  it('gives up on a feed that does not answer in time', async () => {
    const started = Date.now();
    const err = await failure(fetchFeed(`${server.base}/hang.ics`, { ...allowed, timeoutMs: 300 }));
    expect(err).toMatchObject({ code: 'feed_unreachable', message: expect.stringMatching(/did not answer within/) });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('stops reading past 5 MB, declared or not', async () => {
    for (const path of ['/huge.ics', '/declared-huge.ics']) {
      const err = await failure(fetchFeed(`${server.base}${path}`, allowed));
      expect(err, path).toMatchObject({ code: 'feed_unreachable', message: expect.stringMatching(/larger than 5 MB/) });
    }
  });

  it('refuses loopback, private, link-local and unspecified addresses unless private addresses are allowed', async () => {
    const before = server.hits.get('/feed.ics') ?? 0;
    for (const address of [`${server.base}/feed.ics`, 'http://localhost:1/x.ics', 'http://10.0.0.1/x.ics', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/x.ics', 'http://0.0.0.0/x.ics']) {
      const err = await failure(fetchFeed(address, { allowPrivate: false }));
      expect(err.code, address).toBe('feed_unreachable');
      expect(err.message, address).toMatch(/private or local network/);
    }
    expect(server.hits.get('/feed.ics') ?? 0).toBe(before);
  });
});
