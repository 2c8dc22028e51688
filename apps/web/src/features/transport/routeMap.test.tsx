import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import type { LiveClient } from '../../app/live/liveClient';
import { releaseActiveLiveClient, setActiveLiveClient } from '../../app/live/useLiveTopic';
import { ago, logEntry, position, route, signedIn, stop } from './transport.fixtures';

type Routes = Record<string, StubAnswer | ((call: StubCall) => StubAnswer)>;
const bodyOf = (call: StubCall | undefined) => JSON.parse(String(call?.init?.body));

async function openMap(extra: Routes = {}, { language = 'es-CO', title = 'Ruta 1' } = {}) {
  const stub = stubFetch(BASE, {
    'GET transport/routes/1': { body: route() },
    'GET transport/routes/1/log?page=1&limit=20': { body: [], headers: { 'X-Total-Count': '0' } },
    'GET transport/routes/1/alerts': { status: 404, body: { error: 'not_found', message: 'No alert' } },
    'GET vue/settings': { body: {} },
    ...extra,
  });
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path: '/transport/routes/1/map', session: signedIn(language) });
  await screen.findByRole('heading', { level: 1, name: title }, { timeout: 20_000 });
  return { ...stub, ...app };
}

describe('route map screen', { timeout: 30_000 }, () => {
  it('shows the bus, the stops and when it reaches the family’s stop', async () => {
    const eta = ago(-6 * 60);
    const { container } = await openMap({
      'GET transport/routes/1': { body: route({ lastPosition: position(60), stops: [stop(101, 'Portería norte', { reached: true }), stop(102, 'Calle 80', { mine: true, eta }), stop(103, 'Colegio', { eta: eta + 300 })] }) },
    });
    expect(await screen.findByText(/^Actualizado hace 1 minuto/)).toBeTruthy();
    const status = screen.getByRole('heading', { name: 'Estado del recorrido · Buseta ABC-123' }).closest('section')!;
    expect(within(status).getByText(/^En camino desde las/)).toBeTruthy();
    expect(within(status).getByText('Llegada a Calle 80:')).toBeTruthy();
    expect(within(status).getByText(/· en 6 minutos$/)).toBeTruthy();
    // The stop list is the map's text alternative: every stop in order, with what the bus means for it.
    const stops = screen.getByRole('list', { name: 'Paradas' });
    const items = within(stops).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([expect.stringContaining('Portería norte'), expect.stringContaining('Calle 80Tu parada'), expect.stringContaining('Colegio')]);
    expect(items[0].textContent).toContain('El bus ya pasó');
    // The map has a name and points to the list; the bus and three stops are drawn on it.
    const map = await screen.findByRole('region', { name: 'Mapa de la ruta Ruta 1' });
    expect(map.getAttribute('aria-describedby')).toContain(stops.id);
    expect(container.querySelectorAll('path.leaflet-interactive').length).toBeGreaterThanOrEqual(4);
    expect(container.querySelector('.leaflet-marker-icon')?.getAttribute('title')).toBe('Bus de Ruta 1. Actualizado hace 1 minuto');
  });

  it('turns the last update into a warning once the position is stale', async () => {
    await openMap({ 'GET transport/routes/1': { body: route({ lastPosition: position(5 * 60) }) } });
    const hint = await screen.findByText(/^La posición puede estar desactualizada/);
    expect(hint.getAttribute('aria-live')).toBe('polite');
    const line = hint.closest('li')!;
    expect(line.textContent).toMatch(/^Actualizado hace 5 minutos La posición puede estar desactualizada/);
    expect(line.className).toMatch(/stale/);
  });

  it('does not warn about an old position when no run is on', async () => {
    await openMap({ 'GET transport/routes/1': { body: route({ run: null, lastPosition: position(3 * 3600) }) } });
    const text = await screen.findByText(/^Actualizado hace 3 horas/);
    expect(text.textContent).not.toContain('desactualizada');
    expect(text.closest('li')!.className).not.toMatch(/stale/);
    expect(screen.getByText('Sin recorrido en curso')).toBeTruthy();
  });

  it('says the bus is approaching once it is within the distance the family chose, and not before', async () => {
    const eta = ago(-4 * 60);
    const near = route({ lastPosition: position(10), stops: [stop(101, 'Portería norte', { mine: true, eta, meters: 900 }), stop(102, 'Colegio', { eta: eta + 300, meters: 3000 })] });
    const alerts = { 'GET transport/routes/1/alerts': { body: { stopId: 101, meters: 1000, minutes: null } } };
    await openMap({ 'GET transport/routes/1': { body: near }, ...alerts });
    expect(await screen.findByText(/^El bus se acerca a Portería norte \(.* · en 4 minutos\)\.$/)).toBeTruthy();
  });

  it('shows no approaching banner while the bus is further than the chosen distance', async () => {
    const far = route({ lastPosition: position(10), stops: [stop(101, 'Portería norte', { mine: true, eta: ago(-9 * 60), meters: 4000 })] });
    await openMap({ 'GET transport/routes/1': { body: far }, 'GET transport/routes/1/alerts': { body: { stopId: 101, meters: 1000, minutes: null } } });
    await screen.findByText(/^Actualizado hace/);
    // The saved alert has loaded (its distance is in the form) and still no banner.
    expect(await screen.findByDisplayValue(/^1[.,]?000$/)).toBeTruthy();
    expect(screen.queryByText(/El bus se acerca/)).toBeNull();
  });

  it('shows the latest delay the driver reported on this run', async () => {
    await openMap({
      'GET transport/routes/1/log?page=1&limit=20': {
        body: [logEntry(3, 'delayed', { minutes: 10 }), logEntry(2, 'delayed', { minutes: 5 }), logEntry(1, 'started'), logEntry(4, 'delayed', { minutes: 30, runId: 800 })],
        headers: { 'X-Total-Count': '4' },
      },
    });
    expect(await screen.findByText(/El conductor reportó un retraso de 10 minutos/)).toBeTruthy();
    expect(screen.queryByText(/retraso de 30 minutos/)).toBeNull();
  });

  it('keeps stops and bus readable when the map tiles cannot load', async () => {
    const { container } = await openMap();
    await screen.findByRole('region', { name: 'Mapa de la ruta Ruta 1' });
    const tile = await waitFor(() => {
      const img = container.querySelector('img.leaflet-tile');
      if (!img) throw new Error('no tile yet');
      return img;
    });
    fireEvent.error(tile);
    expect(await screen.findByText(/No se pudo cargar el fondo del mapa/)).toBeTruthy();
    expect(container.querySelector('.leaflet-marker-icon')).toBeTruthy();
  });

  it('uses the tiles the school configured', async () => {
    const { container } = await openMap({ 'GET vue/settings': { body: { mapTiles: { url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '<a href="https://tiles.example">Tiles</a><script>x</script>' } } } });
    await waitFor(() => expect(container.querySelector('img.leaflet-tile')?.getAttribute('src')).toMatch(/^https:\/\/tiles\.example\/\d+\/\d+\/\d+\.png$/));
    // (Which markup survives is DOMPurify's job, checked in a real browser: happy-dom is no judge of it.)
    expect(container.querySelector('.leaflet-control-attribution')?.textContent).toContain('Tiles');
  });

  it('saves an approaching alert, refusing values out of range', async () => {
    const { calls } = await openMap({ 'PUT transport/routes/1/alerts': (call) => ({ body: bodyOf(call) }) });
    const form = (await screen.findByRole('heading', { name: 'Aviso de llegada' })).closest('section')!;
    expect((within(form).getByLabelText('Parada') as HTMLSelectElement).value).toBe('102');
    fireEvent.click(within(form).getByRole('radio', { name: 'Por distancia' }));
    const meters = within(form).getByLabelText('Distancia antes de la parada') as HTMLInputElement;
    expect(meters.value).toBe('500');
    fireEvent.change(meters, { target: { value: '50' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar aviso' }));
    expect(await within(form).findByText('Elige una distancia entre 100 y 10.000 metros.')).toBeTruthy();
    fireEvent.change(meters, { target: { value: '2,5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar aviso' }));
    expect(await within(form).findByText('Escribe un número entero, sin decimales.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.click(within(form).getByRole('radio', { name: 'Por tiempo' }));
    const minutes = within(form).getByLabelText('Minutos antes de llegar a la parada') as HTMLInputElement;
    fireEvent.change(minutes, { target: { value: '61' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar aviso' }));
    expect(await within(form).findByText('Elige un tiempo entre 1 y 60 minutos.')).toBeTruthy();
    fireEvent.change(minutes, { target: { value: '8' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar aviso' }));
    expect(await within(form).findByText('Listo: te avisaremos cuando el bus se acerque.')).toBeTruthy();
    expect(bodyOf(calls.find((c) => c.method === 'PUT'))).toEqual({ stopId: 102, meters: null, minutes: 8 });
  });

  it('starts from the saved alert and can turn it off', async () => {
    const { calls } = await openMap({
      'GET transport/routes/1/alerts': { body: { stopId: 103, meters: 800, minutes: null } },
      'PUT transport/routes/1/alerts': (call) => ({ body: bodyOf(call) }),
    });
    const form = (await screen.findByRole('heading', { name: 'Aviso de llegada' })).closest('section')!;
    expect(((await within(form).findByLabelText('Distancia antes de la parada')) as HTMLInputElement).value).toBe('800');
    expect((within(form).getByLabelText('Parada') as HTMLSelectElement).value).toBe('103');
    fireEvent.click(within(form).getByRole('radio', { name: 'Sin aviso' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar aviso' }));
    expect(await within(form).findByText('Aviso desactivado.')).toBeTruthy();
    expect(bodyOf(calls.find((c) => c.method === 'PUT'))).toEqual({ stopId: 103, meters: null, minutes: null });
  });

  it('creates a share link for the chosen time and copies it', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    onTestFinished(() => void Reflect.deleteProperty(navigator, 'clipboard'));
    const url = 'http://school.test/share/demo/tok123';
    const { calls } = await openMap({ 'POST transport/routes/1/shares': { status: 201, body: { url, expiresAt: ago(-2 * 3600) } } });
    const section = (await screen.findByRole('heading', { name: 'Compartir la ubicación en vivo' })).closest('section')!;
    fireEvent.change(within(section).getByLabelText('Duración del enlace'), { target: { value: '120' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Crear enlace' }));
    expect(((await within(section).findByLabelText('Enlace para compartir')) as HTMLInputElement).value).toBe(url);
    expect(within(section).getByText(/^El enlace vence a las/)).toBeTruthy();
    expect(bodyOf(calls.find((c) => c.method === 'POST' && c.url.endsWith('shares')))).toEqual({ minutes: 120 });
    fireEvent.click(within(section).getByRole('button', { name: 'Copiar enlace' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(url));
    expect(await within(section).findByRole('button', { name: 'Enlace copiado' })).toBeTruthy();
  });

  it('offers no share link to someone who may not share', async () => {
    await openMap({ 'GET transport/routes/1': { body: route({ canShare: false }) } });
    await screen.findByRole('heading', { name: 'Aviso de llegada' });
    expect(screen.queryByRole('heading', { name: 'Compartir la ubicación en vivo' })).toBeNull();
  });

  it('says so when the route is not one the person may see', async () => {
    await openMap({ 'GET transport/routes/1': { status: 403, body: { error: 'forbidden', message: 'No' } } }, { title: 'Mapa de la ruta' });
    expect(await screen.findByText('No tienes acceso a esta página')).toBeTruthy();
  });
  it('moves the bus and its ETA as the route’s live topic reports, and refetches on run events', async () => {
    const topics = new Map<string, (message: never) => void>();
    const client: LiveClient = {
      state: 'ready',
      start: () => undefined,
      stop: () => undefined,
      wake: () => undefined,
      subscribe: (topic, onMessage) => {
        topics.set(topic, onMessage as (message: never) => void);
        return () => topics.delete(topic);
      },
    };
    setActiveLiveClient(client);
    onTestFinished(() => releaseActiveLiveClient(client));
    let fetches = 0;
    await openMap({
      'GET transport/routes/1': () => {
        fetches += 1;
        return { body: route({ lastPosition: position(100) }) };
      },
    });
    await waitFor(() => expect(topics.has('transport/routes/1')).toBe(true));
    expect(screen.getByText('Aún no hay hora estimada de llegada a Calle 80')).toBeTruthy();
    const send = topics.get('transport/routes/1')!;
    act(() => send({ type: 'position', route: 1, target: 5, position: position(1), etas: [{ stopId: 102, eta: ago(-9 * 60), meters: 2100 }, { stopId: 103, eta: ago(-15 * 60), meters: 4000 }] } as never));
    expect((await screen.findAllByText(/· en 9 minutos$/)).length).toBe(2);
    expect(screen.getAllByText(/^Actualizado hace menos de/).length).toBeGreaterThan(0);
    const before = fetches;
    act(() => send({ type: 'route.event', route: 1, entry: logEntry(9, 'stop_reached', { stop: { id: 102, name: 'Calle 80' } }) } as never));
    await waitFor(() => expect(fetches).toBe(before + 1));
  });
});
