import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { defaultJobsConfig } from '../../config';
import { createFreshDatabase, testDatabases } from '../../test/databases';
import { testConfig } from '../../test/harness';
import { createEventBus } from './create-event-bus';
import type { EventBus } from './event-bus';
import { InProcessEventBus } from './in-process-bus';
import { RedisEventBus } from './redis-bus';
import { redisForTests, redisRequired, startTestRedis, type TestRedis } from './redis-test-server';

const failures: unknown[] = [];
const log = { warn: () => {}, error: (obj: object) => void failures.push(obj) };

/** Resolves with the next `count` payloads `bus` delivers on `topic`. */
function collect(bus: EventBus, topic: string, count: number) {
  const received: unknown[] = [];
  let done!: (payloads: unknown[]) => void;
  const all = new Promise<unknown[]>((resolve) => (done = resolve));
  const subscription = bus.subscribe(topic, (payload) => {
    received.push(payload);
    if (received.length === count) done(received);
  });
  return { all, received, subscription };
}

function within<T>(promise: Promise<T>, ms = 5000): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`nothing arrived within ${ms} ms`)), ms))]);
}

const topic = (name: string) => `test.${randomBytes(4).toString('hex')}.${name}`;

describe('in-process event bus', () => {
  it('delivers a copy of each payload to every subscriber of its topic, and nothing after unsubscribing', async () => {
    const bus = new InProcessEventBus(log);
    const news = topic('news');
    const first = collect(bus, news, 2);
    const second = collect(bus, news, 1);
    const other = collect(bus, topic('other'), 1);
    await first.subscription.ready;
    const payload = { message: 'hola', at: new Date('2026-01-02T03:04:05Z') };
    await bus.publish(news, payload);
    payload.message = 'changed after publishing';
    expect(await within(second.all)).toEqual([{ message: 'hola', at: '2026-01-02T03:04:05.000Z' }]);
    await second.subscription();
    await bus.publish(news, 2);
    expect(await within(first.all)).toEqual([{ message: 'hola', at: '2026-01-02T03:04:05.000Z' }, 2]);
    expect(second.received).toHaveLength(1);
    expect(other.received).toEqual([]);
    await bus.close();
    await expect(bus.publish(news, 3)).rejects.toThrow(/closed/);
  });

  it('a failing handler is reported and does not keep the others from their events', async () => {
    const bus = new InProcessEventBus(log);
    const news = topic('news');
    const before = failures.length;
    bus.subscribe(news, () => {
      throw new Error('handler broke');
    });
    const healthy = collect(bus, news, 1);
    await bus.publish(news, 'x');
    expect(await within(healthy.all)).toEqual(['x']);
    expect(failures.length).toBe(before + 1);
    await bus.close();
  });

  it('is what createEventBus answers without REDIS_URL', async () => {
    const bus = createEventBus({}, log);
    expect(bus).toBeInstanceOf(InProcessEventBus);
    await bus.close();
  });
});

describe.skipIf(!redisForTests.available)(`Redis event bus${redisForTests.available ? '' : ` (skipped: ${redisForTests.why})`}`, () => {
  let redis: TestRedis;
  const buses: EventBus[] = [];
  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await redis?.stop();
  });
  /** One bus per server process. */
  const busOfProcess = () => {
    const bus = createEventBus({ redisUrl: redis.url }, log);
    buses.push(bus);
    return bus;
  };

  it('two server processes see each other\'s events, their own included, as JSON', async () => {
    const a = busOfProcess();
    const b = busOfProcess();
    expect(a).toBeInstanceOf(RedisEventBus);
    const news = topic('news');
    const atB = collect(b, news, 2);
    const atA = collect(a, news, 2);
    await Promise.all([atB.subscription.ready, atA.subscription.ready]);
    await a.publish(news, { from: 'a', at: new Date('2026-01-02T03:04:05Z') });
    await b.publish(news, { from: 'b' });
    const expected = [{ from: 'a', at: '2026-01-02T03:04:05.000Z' }, { from: 'b' }];
    expect(await within(atB.all)).toEqual(expected);
    expect(await within(atA.all)).toEqual(expected);
  });

  it('stops delivering to a process that unsubscribed, and keeps delivering to its other subscribers', async () => {
    const a = busOfProcess();
    const b = busOfProcess();
    const news = topic('news');
    const marker = topic('marker');
    const leaving = collect(b, news, 1);
    const staying = collect(b, news, 2);
    const markers = collect(b, marker, 1);
    await Promise.all([leaving.subscription.ready, staying.subscription.ready, markers.subscription.ready]);
    await a.publish(news, 1);
    expect(await within(leaving.all)).toEqual([1]);
    await leaving.subscription();
    await a.publish(news, 2);
    // Redis keeps one publisher's order: once the marker is in, the event before it has been delivered.
    await a.publish(marker, 'end');
    await within(markers.all);
    expect(await within(staying.all)).toEqual([1, 2]);
    expect(leaving.received).toEqual([1]);
  });

  it('two servers started with REDIS_URL share their events', async () => {
    const fresh = await createFreshDatabase(testDatabases[0]);
    const config = testConfig(fresh, { redisUrl: redis.url, jobs: { ...defaultJobsConfig, inProcess: false } });
    const one = await buildApp(config);
    const two = await buildApp(config);
    try {
      expect(one.patio.events).toBeInstanceOf(RedisEventBus);
      const news = topic('threads');
      const atTwo = collect(two.patio.events, news, 1);
      await atTwo.subscription.ready;
      await one.patio.events.publish(news, { threadId: 7 });
      expect(await within(atTwo.all)).toEqual([{ threadId: 7 }]);
    } finally {
      await one.close();
      await two.close();
      await fresh.drop();
    }
  });
});

describe('a server whose Redis cannot be reached', () => {
  it('still closes: unsubscribing and quitting give up instead of waiting for Redis to come back', async () => {
    const fresh = await createFreshDatabase(testDatabases[0]);
    // Port 1 on loopback: nothing listens there, ioredis keeps retrying and queues every command.
    const app = await buildApp(testConfig(fresh, { redisUrl: 'redis://127.0.0.1:1', jobs: { ...defaultJobsConfig, inProcess: false } }));
    try {
      await app.close();
    } finally {
      await fresh.drop();
    }
  }, 15_000);
});

describe.runIf(redisRequired && !redisForTests.available)('Redis required', () => {
  it('PATIO_REQUIRE_REDIS=1 but no Redis is available', () => {
    expect.fail(`Redis tests cannot run: ${redisForTests.why}`);
  });
});
