import { routeTopicName } from '@patio/core';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { listenOnLoopback, useLiveClients } from './live-client.fixtures';
import { positionMessage, routeEventMessage } from './live-topics.fixtures';

// The topic the app offers for a bus route (transport's LiveTopic, wired in app.ts), over real
// sockets: its events are published straight on the bus topic the app resolves the name to.

describeOnDatabases('the live topic of a bus route', (t) => {
  let w: World;
  let base: string;
  const { connect, subscribe } = useLiveClients(() => ({ base, org: w.school.code }));

  beforeAll(async () => {
    w = await makeWorld(t);
    base = await listenOnLoopback(t.app);
  });

  it("sends a route's positions and log entries to whoever sees the route, and nothing to anyone else", async () => {
    const topic = routeTopicName(w.route);
    const seeing = [w.driver, w.rider, w.riderParent, w.teacherA, w.admin];
    const watchers = await Promise.all(seeing.map(async (person) => connect(await t.signIn(person))));
    for (const watcher of watchers) expect(await subscribe(watcher, topic)).toEqual({ type: 'subscribed', topic });

    // A parent whose child rides no bus, another school's administrator, and a route that does not exist: the same refusal.
    const parent = await connect(await t.signIn(w.parentA));
    const norte = await connect(await t.signIn(w.otherAdmin), w.otherSchool.code);
    const refusal = { type: 'error', topic, error: 'forbidden', message: expect.any(String) };
    expect(await subscribe(parent, topic)).toEqual(refusal);
    expect(await subscribe(norte, topic)).toEqual(refusal);
    expect(await subscribe(parent, routeTopicName(999_999))).toEqual({ ...refusal, topic: routeTopicName(999_999) });

    const caller = await t.app.live.authenticate(await t.signIn(w.driver), w.school);
    const grant = await t.app.live.resolveTopic(topic, w.school, caller);
    if (!('busTopic' in grant)) throw new Error(`the driver may not follow the route: ${JSON.stringify(grant)}`);
    const sent = [positionMessage(w.route, 1), routeEventMessage(w.route, 5), positionMessage(w.route, 2)];
    for (const message of sent) await t.app.patio.events.publish(grant.busTopic, message);
    for (const watcher of watchers) {
      const got = [];
      for (let i = 0; i < sent.length; i++) got.push(await watcher.next());
      expect(got).toEqual(sent);
    }
    for (const refused of [parent, norte]) {
      refused.send({ type: 'ping' });
      expect(await refused.next()).toEqual({ type: 'pong' });
      expect(refused.received.filter((m) => ['position', 'route.event'].includes((m as { type: string }).type))).toEqual([]);
    }
  });
});
