import { routeTopicName } from '@patio/core';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { listenOnLoopback, useLiveClients, type LiveTestClient } from './live-client.fixtures';
import { positionMessage } from './live-topics.fixtures';

// Losing access closes a live topic through the event bus within seconds (issue 29 item 4), not at the
// socket's periodic revalidation (2 minutes): every write to who may see what (memberships, a route's
// riders and crew…) makes the school's topic followers ask again.

describeOnDatabases('live topics when access changes', (t) => {
  let w: World;
  let base: string;
  const { connect, subscribe } = useLiveClients(() => ({ base, org: w.school.code }));

  beforeAll(async () => {
    w = await makeWorld(t);
    base = await listenOnLoopback(t.app);
  });

  /** Polls (up to 5 s) until `client` got the topic's refusal. */
  const refusedWithin5s = (client: LiveTestClient, topic: string) =>
    expect
      .poll(() => client.received.some((m) => (m as { type?: string; topic?: string }).type === 'error' && (m as { topic?: string }).topic === topic), { timeout: 5000, interval: 50 })
      .toBe(true);

  it("item 4: live topics: a removed rider's topic, and their parent's, close within 5 s; the driver's stays", async () => {
    const topic = routeTopicName(w.route);
    const admin = await t.signIn(w.admin);
    const [rider, parent, driver] = await Promise.all([w.rider, w.riderParent, w.driver].map(async (person) => connect(await t.signIn(person))));
    for (const client of [rider, parent, driver]) expect(await subscribe(client, topic)).toEqual({ type: 'subscribed', topic });
    // Hold the periodic revalidation off: only the access change may close the topic.
    for (const client of [rider, parent, driver]) expect(client.received).toHaveLength(2);

    const leftRoute = await t.request({ method: 'DELETE', url: `/api/${w.school.code}/transport/routes/${w.route}/riders/${w.rider.id}`, token: admin });
    expect([200, 204]).toContain(leftRoute.statusCode);
    const leftNode = await t.request({ method: 'DELETE', url: `/api/${w.school.code}/nodes/${w.route}/members/${w.rider.id}`, token: admin });
    expect(leftNode.statusCode).toBe(204);

    await refusedWithin5s(rider, topic);
    await refusedWithin5s(parent, topic);
    expect(rider.received.at(-1)).toEqual({ type: 'error', topic, error: 'forbidden', message: expect.any(String) });

    const caller = await t.app.live.authenticate(await t.signIn(w.driver), w.school);
    const grant = await t.app.live.resolveTopic(topic, w.school, caller);
    if (!('busTopic' in grant)) throw new Error('the driver may not follow the route');
    await t.app.patio.events.publish(grant.busTopic, positionMessage(w.route, 1));
    expect(await driver.next()).toEqual(positionMessage(w.route, 1));
    // The rider and the parent got nothing after their refusal.
    driver.send({ type: 'ping' });
    expect(await driver.next()).toEqual({ type: 'pong' });
    for (const client of [rider, parent]) expect(client.received.filter((m) => (m as { type: string }).type === 'position')).toEqual([]);
  });
});
