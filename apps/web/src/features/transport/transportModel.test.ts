import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { POSITION_STALE_AFTER_S } from '@patio/core/schemas/transport';
import { checkAlertDraft, draftOf } from './approachAlertDraft';
import { applyRouteMessage, withPosition } from './routeLiveUpdates';
import { logEntry, position, route, stop } from './transport.fixtures';
import { routeKey, routeLogKey } from './transportKeys';
import { etaText, isStalePosition, minutesUntil, runStateOf } from './transportText';

/** A t() that shows which key and values it was asked for. */
const t = ((key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values ?? {})}`) as unknown as TFunction;

describe('transport texts', () => {
  const now = Date.UTC(2026, 2, 2, 12, 0, 0);

  it('calls a position stale only after POSITION_STALE_AFTER_S', () => {
    const at = (secondsAgo: number) => ({ receivedAt: now / 1000 - secondsAgo });
    expect(isStalePosition(at(POSITION_STALE_AFTER_S), now)).toBe(false);
    expect(isStalePosition(at(POSITION_STALE_AFTER_S + 1), now)).toBe(true);
    expect(isStalePosition(null, now)).toBe(false);
  });

  it('gives an ETA as a time of day and the minutes until then', () => {
    expect(minutesUntil(now / 1000 + 6 * 60 + 10, now)).toBe(6);
    expect(minutesUntil(now / 1000 - 30, now)).toBe(0);
    const eta = now / 1000 + 6 * 60;
    expect(etaText(t, eta, now, 'es-CO')).toBe(`transport.eta.inMinutes ${JSON.stringify({ time: new Intl.DateTimeFormat('es-CO', { timeStyle: 'short' }).format(eta * 1000), count: 6 })}`);
    expect(etaText(t, now / 1000 + 10, now, 'en')).toMatch(/^transport\.eta\.arriving /);
  });

  it('tells a route not running, on the way and finished apart', () => {
    expect(runStateOf(null)).toBe('notRunning');
    expect(runStateOf({ id: 1, startedAt: 1, finishedAt: null, startedBy: null })).toBe('onTheWay');
    expect(runStateOf({ id: 1, startedAt: 1, finishedAt: 2, startedBy: null })).toBe('finished');
  });
});

describe('the approach alert form', () => {
  const stops = [stop(101, 'A'), stop(102, 'B', { mine: true })];

  it('starts at the family’s stop with no alert, or at the saved one', () => {
    expect(draftOf(null, stops)).toEqual({ stopId: 102, mode: 'off', value: '' });
    expect(draftOf({ stopId: 101, meters: 300, minutes: null }, stops)).toEqual({ stopId: 101, mode: 'distance', value: '300' });
    expect(draftOf({ stopId: 101, meters: null, minutes: 4 }, stops)).toEqual({ stopId: 101, mode: 'time', value: '4' });
    // A stop that left the route falls back to the family's.
    expect(draftOf({ stopId: 999, meters: null, minutes: null }, stops).stopId).toBe(102);
  });

  it('accepts whole numbers within the limits and builds the PUT body', () => {
    expect(checkAlertDraft({ stopId: 102, mode: 'distance', value: ' 800 ' })).toEqual({ ok: true, alert: { stopId: 102, meters: 800, minutes: null } });
    expect(checkAlertDraft({ stopId: 102, mode: 'time', value: '60' })).toEqual({ ok: true, alert: { stopId: 102, meters: null, minutes: 60 } });
    expect(checkAlertDraft({ stopId: 102, mode: 'off', value: 'x' })).toEqual({ ok: true, alert: { stopId: 102, meters: null, minutes: null } });
  });

  it('refuses what the server would refuse', () => {
    expect(checkAlertDraft({ stopId: null, mode: 'time', value: '5' })).toMatchObject({ ok: false, field: 'stop', error: 'stopRequired' });
    expect(checkAlertDraft({ stopId: 102, mode: 'time', value: '' })).toMatchObject({ ok: false, error: 'valueRequired' });
    expect(checkAlertDraft({ stopId: 102, mode: 'time', value: '2.5' })).toMatchObject({ ok: false, error: 'notWhole' });
    expect(checkAlertDraft({ stopId: 102, mode: 'time', value: '-3' })).toMatchObject({ ok: false, error: 'notWhole' });
    expect(checkAlertDraft({ stopId: 102, mode: 'time', value: '0' })).toMatchObject({ ok: false, error: 'minutesRange' });
    expect(checkAlertDraft({ stopId: 102, mode: 'time', value: '61' })).toMatchObject({ ok: false, error: 'minutesRange' });
    expect(checkAlertDraft({ stopId: 102, mode: 'distance', value: '99' })).toMatchObject({ ok: false, error: 'metersRange' });
    expect(checkAlertDraft({ stopId: 102, mode: 'distance', value: '10001' })).toMatchObject({ ok: false, error: 'metersRange' });
  });
});

describe('live route messages', () => {
  it('move the bus and its ETAs without a request', () => {
    const client = new QueryClient();
    client.setQueryData(routeKey(1), route());
    const moved = position(0, 4.7, -74.04);
    applyRouteMessage(client, 1, { type: 'position', route: 1, target: 5, position: moved, etas: [{ stopId: 103, eta: 1_800_000_000, meters: 900 }] });
    const updated = client.getQueryData<ReturnType<typeof route>>(routeKey(1))!;
    expect(updated.lastPosition).toEqual(moved);
    expect(updated.stops.map((s) => s.eta)).toEqual([null, null, 1_800_000_000]);
  });

  it('refetch the route and its log on a run event, and ignore other routes', async () => {
    const client = new QueryClient();
    client.setQueryData(routeKey(1), route());
    client.setQueryData([...routeLogKey(1), 'latest'], { items: [], total: 0 });
    client.setQueryData(routeKey(2), route({ id: 2 }));
    applyRouteMessage(client, 1, { type: 'route.event', route: 1, entry: logEntry(1, 'delayed', { minutes: 5 }) });
    expect(client.getQueryState(routeKey(1))?.isInvalidated).toBe(true);
    expect(client.getQueryState([...routeLogKey(1), 'latest'])?.isInvalidated).toBe(true);
    applyRouteMessage(client, 1, { type: 'route.event', route: 2, entry: logEntry(1, 'started') });
    expect(client.getQueryState(routeKey(2))?.isInvalidated).toBe(false);
  });

  it('keep the stops themselves as they were', () => {
    const before = route();
    const after = withPosition(before, { position: position(0), etas: [] });
    expect(after.stops.map((s) => [s.id, s.reached, s.mine])).toEqual(before.stops.map((s) => [s.id, s.reached, s.mine]));
  });
});
