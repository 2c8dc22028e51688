import { LIVE_CLOSE, type LiveServerMessage } from '@patio/core';
import type { EventBus, Subscription } from '../../platform/events/event-bus';
import type { Caller, Org } from '../../policy/policy';
import { LiveConnection, type LiveHost, type LiveSocket } from './live.connection';
import type { LiveSettings } from './live.settings';
import { threadsTopic } from './threads-topic';
import { readLiveEvent } from './threads-event';

/** The live sockets of one school in this process, by person, behind one bus subscription. */
interface SchoolGroup {
  people: Map<number, Set<LiveConnection>>;
  /** Connections waiting for the subscription to be ready. */
  joining: number;
  subscription: Subscription;
  idleTimer?: NodeJS.Timeout;
}

export interface LiveHubDeps {
  events: EventBus;
  authenticate(token: string, org: Org): Promise<Caller>;
  log: LiveHost['log'] & { warn(obj: object, msg?: string): void };
}

/**
 * The live sockets of one app instance. Each school with at least one socket here has one bus
 * subscription (its live topic: threads and form events); an event is fanned out in memory to the sockets of the people it
 * names, and only of that school. Sockets are pinged, revalidated and limited per person here.
 */
export class LiveHub implements LiveHost {
  /** Sockets waiting for their auth message (or their school's subscription). */
  private readonly pending = new Set<LiveConnection>();
  /** Authenticated sockets, in their school's fan-out. */
  private readonly open = new Set<LiveConnection>();
  private readonly schools = new Map<number, SchoolGroup>();
  private readonly heartbeat: NodeJS.Timeout;
  private closing = false;
  readonly log: LiveHubDeps['log'];

  constructor(
    private readonly deps: LiveHubDeps,
    readonly settings: LiveSettings,
  ) {
    this.log = deps.log;
    this.heartbeat = setInterval(() => this.tick(), settings.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Takes a new socket of `org`'s live route; it must authenticate within the time allowed. */
  accept(socket: LiveSocket, org: Org): void {
    if (this.closing) return socket.close(LIVE_CLOSE.goingAway, 'server_closing');
    if (this.pending.size >= this.settings.maxPendingSockets) return socket.close(LIVE_CLOSE.tryAgainLater, 'busy');
    this.pending.add(new LiveConnection(socket, org, this));
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
      if (this.schools.get(connection.org.id) === group) this.dropGroup(connection.org.id, group);
      return;
    } finally {
      group.joining--;
    }
    // From here on no await: the limit check, the fan-out entry and `ready` happen in one step.
    if (connection.isClosed || this.closing) return this.idleLater(connection.org.id, group);
    let own = group.people.get(connection.personId);
    if ((own?.size ?? 0) >= this.settings.maxConnectionsPerPerson) {
      connection.close(LIVE_CLOSE.tooMany, 'too_many_connections');
      return this.idleLater(connection.org.id, group);
    }
    if (!own) group.people.set(connection.personId, (own = new Set()));
    own.add(connection);
    this.pending.delete(connection);
    this.open.add(connection);
    connection.open();
  }

  leave(connection: LiveConnection): void {
    this.pending.delete(connection);
    this.open.delete(connection);
    const group = this.schools.get(connection.org.id);
    const own = group?.people.get(connection.personId);
    if (!group || !own?.delete(connection)) return;
    if (own.size === 0) group.people.delete(connection.personId);
    this.idleLater(connection.org.id, group);
  }

  /** Sockets per state, for tests and diagnostics. */
  stats(): { open: number; pending: number; schools: number } {
    return { open: this.open.size, pending: this.pending.size, schools: this.schools.size };
  }

  /** Closes every socket as "going away" (clients reconnect, to another process if need be) and ends the subscriptions. */
  close(): void {
    if (this.closing) return;
    this.closing = true;
    clearInterval(this.heartbeat);
    for (const connection of [...this.pending, ...this.open]) connection.close(LIVE_CLOSE.goingAway, 'server_closing');
    for (const [orgId, group] of this.schools) this.dropGroup(orgId, group);
  }

  private groupOf(orgId: number): SchoolGroup {
    const existing = this.schools.get(orgId);
    if (existing) {
      clearTimeout(existing.idleTimer);
      existing.idleTimer = undefined;
      return existing;
    }
    const people = new Map<number, Set<LiveConnection>>();
    const subscription = this.deps.events.subscribe(threadsTopic(orgId), (payload) => this.deliver(people, payload));
    const group: SchoolGroup = { people, joining: 0, subscription };
    this.schools.set(orgId, group);
    return group;
  }

  /** One event to the sockets of the people it names, in this school only. */
  private deliver(people: Map<number, Set<LiveConnection>>, payload: unknown): void {
    const event = readLiveEvent(payload);
    if (!event) return this.log.warn({}, 'ignored a live event of an unexpected shape');
    const message: LiveServerMessage =
      event.kind === 'form' ? { type: 'form.answered', formId: event.formId } : { type: 'threads.changed', threadId: event.threadId };
    // Walk whichever is smaller: the people named, or the people connected here.
    if (event.personIds.length <= people.size) {
      for (const id of event.personIds) for (const connection of people.get(id) ?? []) connection.send(message);
    } else {
      const named = new Set(event.personIds);
      for (const [id, own] of people) if (named.has(id)) for (const connection of own) connection.send(message);
    }
  }

  private idleLater(orgId: number, group: SchoolGroup): void {
    if (group.people.size > 0 || group.joining > 0 || group.idleTimer) return;
    if (this.closing) return this.dropGroup(orgId, group);
    group.idleTimer = setTimeout(() => {
      if (group.people.size === 0 && group.joining === 0) this.dropGroup(orgId, group);
    }, this.settings.unsubscribeDelayMs);
    group.idleTimer.unref();
  }

  private dropGroup(orgId: number, group: SchoolGroup): void {
    clearTimeout(group.idleTimer);
    if (this.schools.get(orgId) === group) this.schools.delete(orgId);
    group.subscription().catch((err: unknown) => this.log.warn({ err, orgId }, 'could not end a live subscription'));
  }

  private tick(): void {
    const now = Date.now();
    for (const connection of this.open) connection.tick(now);
  }
}
