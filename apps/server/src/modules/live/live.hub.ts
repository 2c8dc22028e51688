import { LIVE_CLOSE, ZLiveTopicMessage, type LiveServerMessage } from '@patio/core';
import type { Database } from '../../db/database';
import { ACCESS_CHANGED_TOPIC, readAccessChange } from '../../http/caller-invalidation';
import type { EventBus, Subscription } from '../../platform/events/event-bus';
import type { Caller, Org } from '../../policy/policy';
import { LiveConnection, type LiveHost, type LiveSocket } from './live.connection';
import { TopicFanout } from './live.fanout';
import { resolveLiveTopic, type LiveTopic, type LiveTopicRefusal } from './live-topics';
import type { LiveSettings } from './live.settings';
import { threadsTopic } from './threads-topic';
import { readLiveEvent } from './threads-event';

/** Access changes that name nobody are gathered this long, and a school's topic followers ask again at most this often. */
const ACCESS_GATHER_MS = 200;
const ACCESS_RECHECK_GAP_MS = 1000;

/** One bus subscription of this process, shared by the sockets in its fan-out (`members`). */
interface BusGroup<M extends { readonly size: number } = { readonly size: number }> {
  members: M;
  subscription: Subscription;
  /** Connections waiting for the subscription to be ready. */
  joining: number;
  idleTimer?: NodeJS.Timeout;
}

/** The live sockets of one school in this process, by person. */
type SchoolGroup = BusGroup<Map<number, Set<LiveConnection>>>;

/** The sockets of this process that follow one bus topic (a route's, say). */
type TopicGroup = BusGroup<TopicFanout>;

export interface LiveHubDeps {
  events: EventBus;
  db: Database;
  authenticate(token: string, org: Org): Promise<Caller>;
  log: LiveHost['log'] & { warn(obj: object, msg?: string): void };
}

/**
 * The live sockets of one app instance. Each school with at least one socket here has one bus
 * subscription (its live topic: threads and form events); an event is fanned out in memory to the
 * sockets of the people it names, and only of that school. Each subscribed topic (a bus route) has one
 * bus subscription too, whose events go to the sockets that follow it, serialised once for all of
 * them. Sockets are pinged, revalidated and limited per person here.
 */
export class LiveHub implements LiveHost {
  /** Sockets waiting for their auth message (or their school's subscription). */
  private readonly pending = new Set<LiveConnection>();
  /** Authenticated sockets, in their school's fan-out. */
  private readonly open = new Set<LiveConnection>();
  private readonly schools = new Map<number, SchoolGroup>();
  private readonly topicGroups = new Map<string, TopicGroup>();
  private readonly heartbeat: NodeJS.Timeout;
  /** Access changes of every school (http/caller-invalidation.ts): revoked sign-ins, lost memberships. */
  private readonly accessSubscription: Subscription;
  /** Schools whose topic followers ask again soon, and when each last did. */
  private readonly accessRechecks = new Map<number, NodeJS.Timeout>();
  private readonly lastAccessRecheck = new Map<number, number>();
  private closing = false;
  readonly log: LiveHubDeps['log'];
  /** The topics sockets may subscribe to, first match wins (the app's list; tests add their own). */
  readonly topics: LiveTopic[];

  constructor(
    private readonly deps: LiveHubDeps,
    readonly settings: LiveSettings,
    topics: readonly LiveTopic[] = [],
  ) {
    this.log = deps.log;
    this.topics = [...topics];
    this.heartbeat = setInterval(() => this.tick(), settings.heartbeatMs);
    this.heartbeat.unref();
    this.accessSubscription = deps.events.subscribe(ACCESS_CHANGED_TOPIC, (payload) => this.accessChanged(payload));
  }

  /**
   * Someone's access changed: the named people's sockets revalidate at once (a revoked token closes
   * with 4401 `token_revoked`); a change that names nobody (a membership, a route's riders) makes the
   * school's sockets that follow a topic ask again, gathered over a moment and at most once a second
   * per school, so a bulk import costs a few rounds, not one per row.
   */
  private accessChanged(payload: unknown): void {
    const change = readAccessChange(payload);
    if (!change || this.closing) return;
    const people = this.schools.get(change.orgId)?.members;
    if (!people) return;
    if (change.personIds) {
      for (const id of change.personIds) for (const connection of people.get(id) ?? []) connection.revalidateNow();
      return;
    }
    if (this.accessRechecks.has(change.orgId)) return;
    const since = Date.now() - (this.lastAccessRecheck.get(change.orgId) ?? 0);
    const timer = setTimeout(() => {
      this.accessRechecks.delete(change.orgId);
      this.lastAccessRecheck.set(change.orgId, Date.now());
      for (const own of this.schools.get(change.orgId)?.members.values() ?? []) {
        for (const connection of own) if (connection.followedBusTopics().size > 0) connection.revalidateNow();
      }
    }, Math.max(ACCESS_GATHER_MS, ACCESS_RECHECK_GAP_MS - since));
    timer.unref();
    this.accessRechecks.set(change.orgId, timer);
  }

  /**
   * Takes a new socket of `org`'s live route; it must authenticate within the time allowed, with its
   * first message or with `token` (the `access_token` query parameter of its address).
   */
  accept(socket: LiveSocket, org: Org, token?: string): void {
    if (this.closing) return socket.close(LIVE_CLOSE.goingAway, 'server_closing');
    if (this.pending.size >= this.settings.maxPendingSockets) return socket.close(LIVE_CLOSE.tryAgainLater, 'busy');
    const connection = new LiveConnection(socket, org, this);
    this.pending.add(connection);
    if (token !== undefined) connection.authenticateWith(token);
  }

  authenticate(token: string, org: Org): Promise<Caller> {
    return this.deps.authenticate(token, org);
  }

  async join(connection: LiveConnection): Promise<void> {
    const group = this.groupOf(connection.org.id);
    group.joining++;
    try {
      await group.subscription.ready;
    } catch (err) {
      this.log.warn({ err, orgId: connection.org.id }, 'live updates could not subscribe to the event bus');
      connection.close(LIVE_CLOSE.tryAgainLater, 'unavailable');
      if (this.schools.get(connection.org.id) === group) this.dropGroup(this.schools, connection.org.id, group);
      return;
    } finally {
      group.joining--;
    }
    // From here on no await: the limit check, the fan-out entry and `ready` happen in one step.
    if (connection.isClosed || this.closing) return this.idleLater(this.schools, connection.org.id, group);
    let own = group.members.get(connection.personId);
    if ((own?.size ?? 0) >= this.settings.maxConnectionsPerPerson) {
      connection.close(LIVE_CLOSE.tooMany, 'too_many_connections');
      return this.idleLater(this.schools, connection.org.id, group);
    }
    if (!own) group.members.set(connection.personId, (own = new Set()));
    own.add(connection);
    this.pending.delete(connection);
    this.open.add(connection);
    connection.open();
  }

  leave(connection: LiveConnection): void {
    this.pending.delete(connection);
    this.open.delete(connection);
    for (const busTopic of connection.followedBusTopics()) this.leaveTopic(connection, busTopic);
    const group = this.schools.get(connection.org.id);
    const own = group?.members.get(connection.personId);
    if (!group || !own?.delete(connection)) return;
    if (own.size === 0) group.members.delete(connection.personId);
    this.idleLater(this.schools, connection.org.id, group);
  }

  resolveTopic(name: string, org: Org, caller: Caller): Promise<{ busTopic: string } | LiveTopicRefusal> {
    return resolveLiveTopic(this.topics, this.deps.db, org, caller, name);
  }

  async joinTopic(connection: LiveConnection, busTopic: string, joined: () => void): Promise<boolean> {
    const group = this.topicGroupOf(busTopic);
    group.joining++;
    try {
      await group.subscription.ready;
    } catch (err) {
      this.log.warn({ err, topic: busTopic }, 'a live topic could not subscribe to the event bus');
      if (this.topicGroups.get(busTopic) === group) this.dropGroup(this.topicGroups, busTopic, group);
      return false;
    } finally {
      group.joining--;
    }
    if (connection.isClosed || this.closing) {
      this.idleLater(this.topicGroups, busTopic, group);
      return false;
    }
    group.members.sockets.add(connection);
    joined();
    return true;
  }

  leaveTopic(connection: LiveConnection, busTopic: string): void {
    const group = this.topicGroups.get(busTopic);
    if (!group?.members.sockets.delete(connection)) return;
    this.idleLater(this.topicGroups, busTopic, group);
  }

  /** Sockets per state and bus subscriptions (schools, topics), for tests and diagnostics. */
  stats(): { open: number; pending: number; schools: number; topics: number } {
    return { open: this.open.size, pending: this.pending.size, schools: this.schools.size, topics: this.topicGroups.size };
  }

  /** How many sockets of this process follow `busTopic` (tests, diagnostics). */
  followers(busTopic: string): number {
    return this.topicGroups.get(busTopic)?.members.size ?? 0;
  }

  /** Closes every socket as "going away" (clients reconnect, to another process if need be) and ends the subscriptions. */
  close(): void {
    if (this.closing) return;
    this.closing = true;
    clearInterval(this.heartbeat);
    for (const timer of this.accessRechecks.values()) clearTimeout(timer);
    this.accessSubscription().catch((err: unknown) => this.log.warn({ err }, 'could not end the access subscription'));
    for (const connection of [...this.pending, ...this.open]) connection.close(LIVE_CLOSE.goingAway, 'server_closing');
    for (const [orgId, group] of this.schools) this.dropGroup(this.schools, orgId, group);
    for (const [busTopic, group] of this.topicGroups) this.dropGroup(this.topicGroups, busTopic, group);
  }

  /** The heartbeat, every `heartbeatMs`: pings every open socket and revalidates stale tokens (tests call it to skip the wait). */
  tick(now = Date.now()): void {
    for (const connection of this.open) connection.tick(now);
  }

  private groupOf(orgId: number): SchoolGroup {
    const existing = this.reuse(this.schools.get(orgId));
    if (existing) return existing;
    const people = new Map<number, Set<LiveConnection>>();
    const subscription = this.deps.events.subscribe(threadsTopic(orgId), (payload) => this.deliver(people, payload));
    const group: SchoolGroup = { members: people, joining: 0, subscription };
    this.schools.set(orgId, group);
    return group;
  }

  private topicGroupOf(busTopic: string): TopicGroup {
    const existing = this.reuse(this.topicGroups.get(busTopic));
    if (existing) return existing;
    const fanout = new TopicFanout(this.settings.fanoutSlice);
    const subscription = this.deps.events.subscribe(busTopic, (payload) => this.deliverTopic(busTopic, fanout, payload));
    const group: TopicGroup = { members: fanout, joining: 0, subscription };
    this.topicGroups.set(busTopic, group);
    return group;
  }

  /** A group that is joined again is no longer on its way out. */
  private reuse<G extends BusGroup>(group: G | undefined): G | undefined {
    if (group) {
      clearTimeout(group.idleTimer);
      group.idleTimer = undefined;
    }
    return group;
  }

  /** One event to the sockets of the people it names, in this school only. */
  private deliver(people: Map<number, Set<LiveConnection>>, payload: unknown): void {
    const event = readLiveEvent(payload);
    if (!event) return this.log.warn({}, 'ignored a live event of an unexpected shape');
    const message: LiveServerMessage =
      event.kind === 'form' ? { type: 'form.answered', formId: event.formId } : { type: 'threads.changed', threadId: event.threadId };
    const text = Buffer.from(JSON.stringify(message));
    // Walk whichever is smaller: the people named, or the people connected here.
    if (event.personIds.length <= people.size) {
      for (const id of event.personIds) for (const connection of people.get(id) ?? []) connection.sendText(text);
    } else {
      const named = new Set(event.personIds);
      for (const [id, own] of people) if (named.has(id)) for (const connection of own) connection.sendText(text);
    }
  }

  /**
   * One event of a topic to every socket that follows it: checked once, serialised once, the same
   * bytes written to each socket, in the order the bus gave the topic's events (live.fanout.ts).
   */
  private deliverTopic(busTopic: string, fanout: TopicFanout, payload: unknown): void {
    const parsed = ZLiveTopicMessage.safeParse(payload);
    if (!parsed.success) return this.log.warn({ topic: busTopic }, 'ignored a live topic event of an unexpected shape');
    if (fanout.size === 0) return;
    fanout.send(Buffer.from(JSON.stringify(parsed.data)));
  }

  private idleLater<K, G extends BusGroup>(groups: Map<K, G>, key: K, group: G): void {
    if (!isIdle(group) || group.idleTimer) return;
    if (this.closing) return this.dropGroup(groups, key, group);
    group.idleTimer = setTimeout(() => {
      if (isIdle(group)) this.dropGroup(groups, key, group);
    }, this.settings.unsubscribeDelayMs);
    group.idleTimer.unref();
  }

  private dropGroup<K, G extends BusGroup>(groups: Map<K, G>, key: K, group: G): void {
    clearTimeout(group.idleTimer);
    if (groups.get(key) === group) groups.delete(key);
    group.subscription().catch((err: unknown) => this.log.warn({ err, key }, 'could not end a live subscription'));
  }
}

/** No socket in the group nor on its way in. */
function isIdle(group: BusGroup): boolean {
  return group.members.size === 0 && group.joining === 0;
}
