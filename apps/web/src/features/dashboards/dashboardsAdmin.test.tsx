import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dashboard } from '@patio/core/schemas/dashboards';
import type { StubCall } from '../../test/fetchStub';
import { block, dataOf, home, HOME, ME, openDashboards } from './dashboards.fixtures';

const RECTORIA: Dashboard = { ...home(), id: 5, home: false, title: 'Rectoría', audience: [], blocks: [block(21, 'attendance', {}, 'Asistencia del mes'), block(22, 'billing'), block(23, 'busesRunning')] };
const summary = (d: Dashboard) => ({ id: d.id, title: d.title, home: d.home, audience: d.audience, mayEdit: d.mayEdit, updatedAt: d.updatedAt, blocks: d.blocks.length });
const bodyOf = (call: StubCall) => JSON.parse(String(call.init?.body));
const sentTo = (calls: StubCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.url.endsWith(path)).map(bodyOf);

/** A PUT or POST answered with the dashboard it was sent, ids given to new blocks. */
const echo = (id: number, home = false) => (call: StubCall) => {
  const input = bodyOf(call);
  return {
    status: call.method === 'POST' ? 201 : 200,
    body: { id, home, title: home ? null : input.title, audience: input.audience, mayEdit: true, updatedAt: Date.now(), blocks: input.blocks.map((b: { id?: number }, i: number) => ({ ...b, id: b.id ?? 900 + i })) },
  };
};

describe('Contenidos › Dashboards', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());
  afterEach(() => vi.unstubAllGlobals());

  it('item 2: lists the dashboards, Inicio first and never deletable, and creates one with its audience and blocks in one POST', async () => {
    const { calls } = await openDashboards('/admin/dashboards', {
      'GET dashboards': { body: [summary(home()), summary(RECTORIA)] },
      'POST dashboards': echo(9),
      'GET data/entities': { body: [{ id: 31, title: 'Salida al museo', ownerId: ME, updatedAt: '2026-12-01T15:00:00.000Z' }] },
    });
    const list = await screen.findByRole('list', { name: 'Dashboards de la institución' }, { timeout: 20_000 });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('link', { name: 'Abrir Inicio' }).getAttribute('href')).toBe('/admin');
    expect(items[0]!.textContent).toContain('6 bloques · Docentes, Empleados');
    expect(within(items[0]!).queryByRole('button', { name: 'Eliminar Inicio' })).toBeNull();
    expect(within(items[1]!).getByRole('link', { name: 'Abrir Rectoría' }).getAttribute('href')).toBe('/dashboard/5');
    expect(items[1]!.textContent).toContain('3 bloques · Solo administradores');

    fireEvent.click(screen.getByRole('button', { name: 'Nuevo dashboard' }));
    const form = await screen.findByRole('form', { name: 'Nuevo dashboard' });
    // Without a title nothing is sent.
    fireEvent.click(within(form).getByRole('button', { name: 'Crear' }));
    expect(await within(form).findByText('Revisa los datos: falta algo o hay un valor que no es válido.')).toBeTruthy();
    expect(sentTo(calls, 'POST', 'dashboards')).toEqual([]);

    fireEvent.change(within(form).getByRole('textbox', { name: /^Título\s*\*?$/ }), { target: { value: '  Coordinación  ' } });
    fireEvent.click(within(form).getByLabelText('Docentes'));
    fireEvent.change(within(form).getByLabelText('Tipo de bloque'), { target: { value: 'readRate' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir bloque' }));
    fireEvent.change(within(form).getByLabelText('Tipo de bloque'), { target: { value: 'formResults' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Añadir bloque' }));
    // A form-results block needs its form before the dashboard is saved.
    fireEvent.click(within(form).getByRole('button', { name: 'Crear' }));
    expect(await within(form).findByText('Indica el formulario.')).toBeTruthy();
    expect(sentTo(calls, 'POST', 'dashboards')).toEqual([]);
    // The form is picked among those whose answers the viewer may read.
    await within(form).findByRole('option', { name: 'Salida al museo' });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Formulario' }), { target: { value: '31' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear' }));

    await waitFor(() => expect(sentTo(calls, 'POST', 'dashboards')).toHaveLength(1));
    expect(sentTo(calls, 'POST', 'dashboards')[0]).toEqual({
      title: 'Coordinación',
      audience: ['teachers'],
      blocks: [
        { kind: 'readRate', title: null, options: { period: 'last7Days', node: null, postId: null, postType: 'urgent_notice', formId: null, limit: 5 } },
        { kind: 'formResults', title: null, options: { period: 'last30Days', node: null, postId: null, postType: null, formId: 31, limit: 5 } },
      ],
    });
    expect(await screen.findByText('Dashboard creado.')).toBeTruthy();
  });

  it("item 2: edits a dashboard — title, audience, a block's options, removes one, moves one with the keyboard — saved as one PUT", async () => {
    // happy-dom lays nothing out: each block gets a row of its own, as a browser would draw the list.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const items = this.parentElement?.getAttribute('aria-label') === 'Bloques del dashboard' ? Array.from(this.parentElement.children) : [];
      const index = items.indexOf(this);
      const top = index < 0 ? 0 : index * 300;
      const height = index < 0 ? 0 : 280;
      return { x: 0, y: top, top, left: 0, width: 600, height, right: 600, bottom: top + height, toJSON: () => ({}) } as DOMRect;
    });
    const { calls } = await openDashboards('/admin/dashboards?edit=5', {
      'GET dashboards': { body: [summary(home()), summary(RECTORIA)] },
      'GET dashboards/5': { body: RECTORIA },
      'PUT dashboards/5': echo(5),
    });
    const form = await screen.findByRole('form', { name: 'Editar «Rectoría»' }, { timeout: 20_000 });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Título\s*\*?$/ }), { target: { value: 'Rectoría y coordinación' } });
    fireEvent.click(within(form).getByLabelText('Empleados'));
    const list = within(form).getByRole('list', { name: 'Bloques del dashboard' });
    const order = () => within(list).getAllByRole('listitem').map((item) => within(item).getByRole('heading', { level: 3 }).textContent);
    expect(order()).toEqual(['Asistencia', 'Cartera: recaudado y por cobrar', 'Rutas de bus en curso']);
    fireEvent.change(within(list).getAllByLabelText('Grupo predeterminado')[0]!, { target: { value: '70' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Quitar Rutas de bus en curso' }));

    const handle = within(form).getByRole('button', { name: 'Mover Asistencia del mes' });
    handle.focus();
    await act(async () => {
      fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    });
    // dnd-kit measures the blocks on an animation frame after the pick-up; a key before that moves nothing.
    await act(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 20))));
    await act(async () => {
      fireEvent.keyDown(document.activeElement ?? handle, { code: 'ArrowDown', key: 'ArrowDown' });
    });
    await act(async () => {
      fireEvent.keyDown(document.activeElement ?? handle, { code: 'Space', key: ' ' });
    });
    await waitFor(() => expect(order()).toEqual(['Cartera: recaudado y por cobrar', 'Asistencia']));
    expect(sentTo(calls, 'PUT', 'dashboards/5')).toEqual([]);

    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(sentTo(calls, 'PUT', 'dashboards/5')).toHaveLength(1));
    const [sent] = sentTo(calls, 'PUT', 'dashboards/5');
    expect(sent.title).toBe('Rectoría y coordinación');
    expect(sent.audience).toEqual(['employees']);
    expect(sent.blocks.map((b: { id: number; kind: string; title: string | null; options: { node: number | null } }) => [b.id, b.kind, b.title, b.options.node])).toEqual([
      [22, 'billing', null, null],
      [21, 'attendance', 'Asistencia del mes', 70],
    ]);
    expect(await screen.findByText('Cambios guardados.')).toBeTruthy();
  });

  it('item 2: deleting asks first; Cancel keeps it, Eliminar deletes it; a server refusal is said in words', async () => {
    let list = [summary(home()), summary(RECTORIA)];
    const { calls } = await openDashboards('/admin/dashboards', {
      'GET dashboards': () => ({ body: list }),
      'DELETE dashboards/5': () => {
        list = [summary(home())];
        return { status: 204 };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar Rectoría' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar dashboard' });
    expect(within(dialog).getByText('¿Eliminar el dashboard «Rectoría»? Sus bloques se eliminan con él.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Rectoría' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Dashboard eliminado.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Abrir Rectoría' })).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([expect.stringMatching(/dashboards\/5$/)]);
  });

  it("item 2: the server's refusal of a save is shown translated and the editor stays open", async () => {
    await openDashboards('/admin/dashboards?edit=5', {
      'GET dashboards': { body: [summary(home()), summary(RECTORIA)] },
      'GET dashboards/5': { body: RECTORIA },
      'PUT dashboards/5': { status: 400, body: { error: 'unknown_block', message: 'Block 21 is not of this dashboard' } },
    });
    const form = await screen.findByRole('form', { name: 'Editar «Rectoría»' }, { timeout: 20_000 });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Un bloque cambió mientras editabas. Vuelve a abrir el dashboard e inténtalo otra vez.');
    expect(screen.getByRole('form', { name: 'Editar «Rectoría»' })).toBeTruthy();
  });
});

describe('the block editor', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('item 2: shows the block in read mode, edits its title and options, and saves with one PUT of its dashboard', async () => {
    const dashboard = home();
    const { calls } = await openDashboards('/admin/blocks/15', { 'GET dashboards/blocks/15': { body: dashboard }, [`PUT dashboards/${HOME}`]: echo(HOME, true) }, { data: dataOf(dashboard) });
    const card = await screen.findByRole('region', { name: 'Lectura de publicaciones' }, { timeout: 20_000 });
    expect(await within(card).findByText(/^25\s?% · 10 de 40$/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'En «Inicio»' }).getAttribute('href')).toBe('/admin');

    fireEvent.click(within(card).getByRole('button', { name: 'Editar Lectura de publicaciones' }));
    fireEvent.change(within(card).getByLabelText(/^Título del bloque/), { target: { value: 'Urgentes' } });
    fireEvent.change(within(card).getByLabelText('Cuántas publicaciones'), { target: { value: '3' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(sentTo(calls, 'PUT', `dashboards/${HOME}`)).toHaveLength(1));
    const [sent] = sentTo(calls, 'PUT', `dashboards/${HOME}`);
    // Inicio's title is sent as the contract asks for one, and the server keeps it null.
    expect(sent.title).toBe('Inicio');
    expect(sent.blocks.map((b: { id: number }) => b.id)).toEqual([11, 12, 13, 14, 15, 16]);
    expect(sent.blocks[4]).toEqual({ id: 15, kind: 'readRate', title: 'Urgentes', options: { period: 'last7Days', node: null, postId: null, postType: 'urgent_notice', formId: null, limit: 3 } });
    expect(await screen.findByText('Bloque guardado.')).toBeTruthy();
  });

  it("item 2: a read-rate block's one post is picked among the viewer's latest published posts, or given by number", async () => {
    const dashboard = home();
    const sent = (id: number, title: string, status: 'published' | 'scheduled' = 'published') => ({ id, thread: id, type: 'circular', title, excerpt: '', publishDate: '2026-12-01T15:00:00.000Z', status, audienceCount: 9, readCount: 3 });
    const { calls } = await openDashboards(
      '/admin/blocks/15',
      {
        'GET dashboards/blocks/15': { body: dashboard },
        [`PUT dashboards/${HOME}`]: echo(HOME, true),
        [`GET people/${ME}/posts/sent?page=1&limit=20`]: { body: [sent(41, 'Salida pedagógica'), sent(42, 'Programada', 'scheduled')], headers: { 'X-Total-Count': '2' } },
      },
      { data: dataOf(dashboard) },
    );
    const card = await screen.findByRole('region', { name: 'Lectura de publicaciones' }, { timeout: 20_000 });
    fireEvent.click(within(card).getByRole('button', { name: 'Editar Lectura de publicaciones' }));
    fireEvent.change(within(card).getByLabelText('Publicaciones'), { target: { value: 'post' } });
    const pick = await within(card).findByRole('combobox', { name: 'Publicación' });
    await waitFor(() => expect(within(pick).getAllByRole('option').map((o) => o.textContent)).toEqual(['Elige uno de la lista', expect.stringMatching(/^Salida pedagógica · /), 'Otro (por número)']));
    fireEvent.change(pick, { target: { value: '41' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(sentTo(calls, 'PUT', `dashboards/${HOME}`)).toHaveLength(1));
    expect(sentTo(calls, 'PUT', `dashboards/${HOME}`)[0].blocks[4].options).toMatchObject({ postId: 41, postType: null });
  });

  it('item 2: delete asks "Eliminar" or "Cancelar"; Eliminar saves the dashboard without the block and goes back to it', async () => {
    const dashboard = home();
    const { calls, router } = await openDashboards('/admin/blocks/12', { 'GET dashboards/blocks/12': { body: dashboard }, [`PUT dashboards/${HOME}`]: echo(HOME, true) }, { data: dataOf(dashboard) });
    const card = await screen.findByRole('region', { name: 'Listas sin tomar' }, { timeout: 20_000 });
    fireEvent.click(within(card).getByRole('button', { name: 'Eliminar Listas sin tomar' }));
    const question = within(card).getByRole('group', { name: '¿Eliminar el bloque «Listas sin tomar»?' });
    // The safe answer has the focus.
    expect(document.activeElement?.textContent).toBe('Cancelar');
    fireEvent.click(within(question).getByRole('button', { name: 'Cancelar' }));
    expect(within(card).queryByRole('group', { name: /¿Eliminar/ })).toBeNull();
    expect(sentTo(calls, 'PUT', `dashboards/${HOME}`)).toEqual([]);

    fireEvent.click(within(card).getByRole('button', { name: 'Eliminar Listas sin tomar' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(sentTo(calls, 'PUT', `dashboards/${HOME}`)[0].blocks.map((b: { id: number }) => b.id)).toEqual([11, 13, 14, 15, 16]);
  });

  it("item 2: a block of another school or that no longer exists reads as not found", async () => {
    await openDashboards('/admin/blocks/77', { 'GET dashboards/blocks/77': { status: 404, body: { error: 'not_found', message: 'No' } } });
    expect(await screen.findByRole('heading', { name: /No encontramos/ }, { timeout: 20_000 })).toBeTruthy();
  });
});
