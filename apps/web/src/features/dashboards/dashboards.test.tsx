import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BASE } from '../../test/fetchStub';
import { block, dataOf, home, HOME, openDashboards } from './dashboards.fixtures';
import { todayOf } from './dashboardModel';

const TODAY = todayOf('America/Bogota');
const dataCalls = (calls: { url: string }[], blockId: number) => calls.filter((c) => c.url.includes(`/blocks/${blockId}/data`)).map((c) => c.url.slice(BASE.length));

describe('a dashboard and Inicio', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("item 2: Inicio shows each seeded block as a card titled with its kind's name, with its figures as tables and rate bars", async () => {
    const dashboard = home();
    const { calls } = await openDashboards('/admin', { 'GET dashboards/home': { body: dashboard } }, { data: dataOf(dashboard) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' }, { timeout: 20_000 })).toBeTruthy();
    const blocks = await screen.findByRole('list', { name: 'Bloques de «Inicio»' });
    const cards = within(blocks).getAllByRole('region');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Asistencia',
      'Listas sin tomar',
      'Inscripciones pendientes',
      'Pagos recibidos',
      'Lectura de publicaciones',
      'Rutas de bus en curso',
    ]);

    const attendance = await screen.findByRole('table', { name: 'Asistencia por grupo' });
    const rows = within(attendance).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['GrupoPorcentajePresentesAusentes', '7A90%192', '8B100%100', 'Total94%292']);

    const reads = await screen.findByRole('table', { name: 'Lectura por publicación' });
    expect(within(reads).getByRole('rowheader').textContent).toContain('Simulacro de evacuación');
    expect(within(reads).getAllByRole('cell')[0]!.textContent).toBe('25% · 10 de 40');

    // Money in the school's currency, written the Colombian way.
    const payments = screen.getByRole('region', { name: 'Pagos recibidos' });
    expect(within(payments).getByText(/450\.000/).textContent).toMatch(/^\$\s?450\.000$/);
    expect(within(payments).getByText('2 pagos')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Inscripciones pendientes' })).getByRole('link', { name: '3 inscripciones por revisar' }).getAttribute('href')).toBe('/registrations');
    expect(within(screen.getByRole('region', { name: 'Listas sin tomar' })).getByText('3 de 4 listas tomadas')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Rutas de bus en curso' })).getByText('No hay rutas en curso ahora.')).toBeTruthy();

    // Each block asked for its own period (today, the school's day), only the filters its kind uses.
    expect(dataCalls(calls, 11)).toEqual([`dashboards/${HOME}/blocks/11/data?from=${TODAY}&to=${TODAY}`]);
    expect(dataCalls(calls, 13)).toEqual([`dashboards/${HOME}/blocks/13/data`]);
    // Administrators get "Editar" and a way into each block's editor.
    expect(screen.getByRole('button', { name: 'Editar' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Editar el bloque «Asistencia»' }).getAttribute('href')).toBe('/admin/blocks/11');
  });

  it('item 2: changing the period or the group fetches the figures again with that filter', async () => {
    const dashboard = home({ blocks: [block(11, 'attendance', { period: 'today' }, 'Asistencia de hoy')] });
    const { calls } = await openDashboards('/admin', { 'GET dashboards/home': { body: dashboard } }, { data: dataOf(dashboard) });
    const card = await screen.findByRole('region', { name: 'Asistencia de hoy' }, { timeout: 20_000 });
    await within(card).findByRole('table');
    const filters = within(card).getByRole('group', { name: 'Filtros de «Asistencia de hoy»' });
    fireEvent.change(within(filters).getByLabelText('Periodo'), { target: { value: 'last7Days' } });
    const weekAgo = new Date(Date.parse(`${TODAY}T00:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10);
    await waitFor(() => expect(dataCalls(calls, 11)).toContain(`dashboards/${HOME}/blocks/11/data?from=${weekAgo}&to=${TODAY}`));
    fireEvent.change(within(filters).getByLabelText('Grupo'), { target: { value: '70' } });
    await waitFor(() => expect(dataCalls(calls, 11)).toContain(`dashboards/${HOME}/blocks/11/data?from=${weekAgo}&to=${TODAY}&node=70`));
    fireEvent.change(within(filters).getByLabelText('Periodo'), { target: { value: 'thisYear' } });
    await waitFor(() => expect(dataCalls(calls, 11)).toContain(`dashboards/${HOME}/blocks/11/data?from=${TODAY.slice(0, 4)}-01-01&to=${TODAY}&node=70`));
    // "Otras fechas" opens a from–to picker starting on today.
    fireEvent.change(within(filters).getByLabelText('Periodo'), { target: { value: 'custom' } });
    expect(await within(filters).findByText('Desde y hasta')).toBeTruthy();
  });

  it("item 2: a block the viewer's role may not see, a group out of reach and a bad period are said in words; the other blocks still show", async () => {
    const dashboard = home({ blocks: [block(11, 'attendance'), block(17, 'billing'), block(18, 'payments'), block(13, 'pendingRegistrations')] });
    const refusals = dataOf(dashboard, {
      'GET dashboards/1/blocks/17/data': { status: 403, body: { error: 'forbidden_block', message: 'No' } },
      'GET dashboards/1/blocks/11/data?from=2030-01-01&to=2030-12-31&node=999': { status: 403, body: { error: 'forbidden_node', message: 'No' } },
      'GET dashboards/1/blocks/18/data': { status: 400, body: { error: 'bad_period', message: 'No' } },
    });
    await openDashboards(`/dashboard/${HOME}?from=2030-01-01&to=2030-12-31&node=999`, { [`GET dashboards/${HOME}`]: { body: { ...dashboard, mayEdit: false } } }, { data: refusals });
    const billing = await screen.findByRole('region', { name: 'Cartera: recaudado y por cobrar' }, { timeout: 20_000 });
    expect((await within(billing).findByRole('alert')).textContent).toBe('Tu rol no permite ver estas cifras.');
    // The address's group and dates reached the attendance block, and its refusal is in words.
    const attendance = screen.getByRole('region', { name: 'Asistencia' });
    expect((await within(attendance).findByRole('alert')).textContent).toBe('No tienes acceso a ese grupo. Elige otro en el filtro.');
    const payments = screen.getByRole('region', { name: 'Pagos recibidos' });
    expect((await within(payments).findByRole('alert')).textContent).toBe('Ese periodo no sirve: la fecha inicial debe ir antes de la final y abarcar como máximo 366 días.');
    expect(within(screen.getByRole('region', { name: 'Inscripciones pendientes' })).getByRole('link').textContent).toBe('3 inscripciones por revisar');
    // Not an administrator: no "Editar", no way into the block editor.
    expect(screen.queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Editar el bloque/ })).toBeNull();
  });

  it("item 2: another school's dashboard or an unknown one reads as not found", async () => {
    await openDashboards('/dashboard/99', { 'GET dashboards/99': { status: 404, body: { error: 'not_found', message: 'No' } } });
    expect(await screen.findByRole('heading', { name: 'No encontramos esta página' }, { timeout: 20_000 })).toBeTruthy();
  });

  it('item 2: an empty dashboard says so and points administrators to Editar', async () => {
    await openDashboards('/dashboard/5', { 'GET dashboards/5': { body: { ...home(), id: 5, home: false, title: 'Rectoría', blocks: [] } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rectoría' }, { timeout: 20_000 })).toBeTruthy();
    expect(await screen.findByText('Este dashboard todavía no tiene bloques.')).toBeTruthy();
    expect(screen.getByText('Añade bloques con «Editar».')).toBeTruthy();
  });

  it('item 2: the figures are written in the reader’s language (English)', async () => {
    const dashboard = home({ blocks: [block(11, 'attendance'), block(14, 'payments')] });
    await openDashboards('/admin', { 'GET dashboards/home': { body: dashboard } }, { data: dataOf(dashboard), language: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' }, { timeout: 20_000 })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Attendance by group' });
    expect(within(table).getAllByRole('row')[3]!.textContent).toBe('Total94%292');
    expect(within(screen.getByRole('region', { name: 'Payments received' })).getByText('2 payments')).toBeTruthy();
  });

  it('item 2: a person tab shows one block in read mode', async () => {
    const dashboard = home();
    await openDashboards('/person/40/blocks/15', { 'GET dashboards/blocks/15': { body: dashboard } }, { data: dataOf(dashboard) });
    const card = await screen.findByRole('region', { name: 'Lectura de publicaciones' }, { timeout: 20_000 });
    expect(await within(card).findByText('25% · 10 de 40')).toBeTruthy();
    expect(within(card).queryByRole('button')).toBeNull();
  });
});
