import { act, render } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../AppProviders';
import { createI18n } from '../i18n/createI18n';
import { createAppServices } from '../services';
import { SESSION_STORAGE_KEY } from '../session/sessionStore';
import { BASE } from '../../test/fetchStub';
import { validToken } from '../../test/makeToken';
import type { LiveTopicMessage } from '@patio/core/schemas/live';
import { useLiveTopic } from './useLiveTopic';
import { LIVE_FORM_REFRESH_MS, LIVE_REFRESH_DEBOUNCE_MS, LiveUpdates } from './useLiveUpdates';

/** Stands in for the browser's WebSocket: records each socket so the test can play the server. */
class FakeWebSocket {
  static created: FakeWebSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.created.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  serverAccepts() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
    this.serverSays({ type: 'ready', personId: 7 });
  }
  serverSays(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
}

async function renderSignedIn(session: Record<string, unknown> = {}, screen: ReactNode = null) {
  const token = validToken();
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ url: BASE, language: 'es-CO', token, ...session }));
  const services = createAppServices(await createI18n(), localStorage);
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const view = render(
    <AppProviders services={services}>
      <QueryClientProvider client={queryClient}>
        <LiveUpdates />
        {screen}
      </QueryClientProvider>
    </AppProviders>,
  );
  return { view, services, invalidate, token };
}

describe('live updates in the signed-in shell', () => {
  beforeEach(() => {
    FakeWebSocket.created = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("connects to the school's live address, and turns a burst of changes into one refetch of the threads", async () => {
    const { invalidate, token } = await renderSignedIn();
    vi.useFakeTimers();
    const [socket] = FakeWebSocket.created;
    expect(socket.url).toBe('ws://school.test/api/demo/live');
    socket.serverAccepts();
    expect(socket.sent).toEqual([{ type: 'auth', token }]);
    for (const threadId of [1, 2, 3]) socket.serverSays({ type: 'threads.changed', threadId });
    act(() => vi.advanceTimersByTime(LIVE_REFRESH_DEBOUNCE_MS - 1));
    expect(invalidate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['threads'] });
  });

  it("refetches a form's results when it gets answers, at most once a second for a steady stream", async () => {
    const { invalidate } = await renderSignedIn();
    vi.useFakeTimers();
    const [socket] = FakeWebSocket.created;
    socket.serverAccepts();
    socket.serverSays({ type: 'form.answered', formId: 31 });
    socket.serverSays({ type: 'form.answered', formId: 32 });
    act(() => vi.advanceTimersByTime(LIVE_FORM_REFRESH_MS - 100));
    socket.serverSays({ type: 'form.answered', formId: 31 });
    expect(invalidate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(invalidate.mock.calls).toEqual([[{ queryKey: ['forms', 31] }], [{ queryKey: ['forms', 32] }]]);
    // Answers keep coming every 100 ms: results still refresh every second, not only when they stop.
    for (let i = 0; i < 20; i++) {
      socket.serverSays({ type: 'form.answered', formId: 31 });
      act(() => vi.advanceTimersByTime(100));
    }
    expect(invalidate).toHaveBeenCalledTimes(4);
    expect(invalidate).not.toHaveBeenCalledWith({ queryKey: ['threads'] });
  });

  it('after a reconnect refetches the threads and the forms on screen, whose answers were missed', async () => {
    const { invalidate } = await renderSignedIn();
    vi.useFakeTimers();
    FakeWebSocket.created[0].serverAccepts();
    FakeWebSocket.created[0].onclose?.({ code: 1006, reason: '' } as CloseEvent);
    act(() => vi.advanceTimersByTime(2000));
    FakeWebSocket.created[1].serverAccepts();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['forms'], refetchType: 'active' });
    act(() => vi.advanceTimersByTime(LIVE_REFRESH_DEBOUNCE_MS));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['threads'] });
  });

  it('reconnects at once when the tab becomes visible or the network comes back', async () => {
    await renderSignedIn();
    vi.useFakeTimers();
    FakeWebSocket.created[0].onclose?.({ code: 1006, reason: '' } as CloseEvent);
    expect(FakeWebSocket.created).toHaveLength(1);
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(FakeWebSocket.created).toHaveLength(2);
    FakeWebSocket.created[1].onclose?.({ code: 1006, reason: '' } as CloseEvent);
    act(() => window.dispatchEvent(new Event('online')));
    expect(FakeWebSocket.created).toHaveLength(3);
  });

  it('closes the socket on sign-out and opens a new one for a new token', async () => {
    const { view, services } = await renderSignedIn();
    act(() => services.store.update({ token: validToken(8) }));
    expect(FakeWebSocket.created).toHaveLength(2);
    expect(FakeWebSocket.created[0].closed).toBe(true);
    act(() => services.store.update({ token: null }));
    expect(FakeWebSocket.created[1].closed).toBe(true);
    view.unmount();
    expect(FakeWebSocket.created).toHaveLength(2);
  });

  it('does not connect for a family whose registration awaits approval', async () => {
    await renderSignedIn({ registrationPending: true });
    expect(FakeWebSocket.created).toEqual([]);
  });

  it("lets a screen follow a topic through the shell's connection while it is mounted, and again after a reconnect", async () => {
    const received: LiveTopicMessage[] = [];
    const subscribed = vi.fn();
    let showRoute: (routeId: number | null) => void = () => {};
    function RouteScreen() {
      const [routeId, setRouteId] = useState<number | null>(12);
      showRoute = setRouteId;
      useLiveTopic(routeId === null ? null : `transport/routes/${routeId}`, (message) => received.push(message), { onSubscribed: subscribed });
      return null;
    }
    await renderSignedIn({}, <RouteScreen />);
    vi.useFakeTimers();
    const [socket] = FakeWebSocket.created;
    socket.serverAccepts();
    expect(socket.sent).toEqual([{ type: 'auth', token: expect.any(String) }, { subscribe: 'transport/routes/12' }]);
    socket.serverSays({ type: 'subscribed', topic: 'transport/routes/12' });
    const entry = { id: 3, runId: 1, kind: 'delayed', at: 9, stop: null, person: null, actor: null, minutes: 5 };
    socket.serverSays({ type: 'route.event', route: 12, entry });
    socket.serverSays({ type: 'route.event', route: 13, entry });
    expect(received).toEqual([{ type: 'route.event', route: 12, entry }]);
    expect(subscribed).toHaveBeenCalledTimes(1);

    socket.onclose?.({ code: 1006, reason: '' } as CloseEvent);
    act(() => vi.advanceTimersByTime(2000));
    const again = FakeWebSocket.created[1];
    again.serverAccepts();
    expect(again.sent).toContainEqual({ subscribe: 'transport/routes/12' });
    again.serverSays({ type: 'subscribed', topic: 'transport/routes/12' });
    expect(subscribed).toHaveBeenCalledTimes(2);

    // Another route on the same screen: the old topic ends, the new one starts; then the screen follows none.
    await act(async () => showRoute(13));
    expect(again.sent.slice(-2)).toEqual([{ subscribe: 'transport/routes/13' }, { unsubscribe: 'transport/routes/12' }]);
    await act(async () => showRoute(null));
    expect(again.sent.slice(-1)).toEqual([{ unsubscribe: 'transport/routes/13' }]);
  });
});
