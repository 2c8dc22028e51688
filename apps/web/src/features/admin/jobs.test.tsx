import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Job } from '@patio/core/schemas/jobs';
import { validToken } from '../../test/makeToken';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch } from '../../test/fetchStub';

const admin = (language = 'es-CO') => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language, token: validToken(1) });

/** A job exactly as GET admin/jobs answers it (ZJob). */
const job = (id: number, change: Partial<Job> = {}): Job => ({
  id,
  kind: 'registration.mail',
  state: 'dead',
  attempts: 5,
  maxAttempts: 5,
  lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
  runAt: '2026-03-02T15:00:00.000Z',
  createdAt: '2026-03-02T14:00:00.000Z',
  updatedAt: '2026-03-02T15:30:00.000Z',
  topic: 'verification',
  personId: id,
  ...change,
});

const page = (jobs: Job[], total = jobs.length) => ({ body: jobs, headers: { 'X-Total-Count': String(total) } });
const DEAD = 'GET admin/jobs?state=dead&page=1&limit=20';

describe('failed jobs', () => {
  it('lists the failed jobs first, each with its kind, subject, attempts, dates and last error', async () => {
    const { fetchMock, calls } = stubFetch(BASE, { [DEAD]: page([job(42), job(43, { kind: 'thumbnail.make', lastError: 'x'.repeat(300) })]) });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/admin/jobs', session: admin() });

    const card = await screen.findByRole('article', { name: 'Correo de registro' });
    expect(within(card).getByText('Tarea n.º 42')).toBeTruthy();
    expect(within(card).getByText(/Confirmación del correo/)).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Persona n.º 42' }).getAttribute('href')).toBe('/person/42');
    expect(within(card).getByText('5 de 5')).toBeTruthy();
    expect(within(card).getByText('connect ECONNREFUSED 127.0.0.1:2525').tagName).toBe('PRE');
    const created = within(card).getByText(new Intl.DateTimeFormat('es-CO', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-03-02T14:00:00.000Z')));
    expect(created.getAttribute('dateTime')).toBe('2026-03-02T14:00:00.000Z');
    // A kind the screen has no name for shows as stored.
    expect(screen.getByRole('article', { name: 'thumbnail.make' })).toBeTruthy();
    expect(screen.getByText('2 tareas')).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Fallidas' })).toHaveProperty('checked', true);
    expect(screen.getByRole('button', { name: 'Reintentar la tarea n.º 42: Correo de registro' })).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.url.slice(BASE.length)}`).filter((c) => c.includes('admin/'))).toEqual([DEAD]);
  });

  it('retries a failed job, then fetches the list again and says so', async () => {
    let retried = false;
    const { fetchMock, calls } = stubFetch(BASE, {
      [DEAD]: () => page(retried ? [] : [job(42)]),
      'POST admin/jobs/42/retry': () => {
        retried = true;
        return { body: job(42, { state: 'queued', attempts: 0, lastError: null }) };
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/admin/jobs', session: admin() });
    fireEvent.click(await screen.findByRole('button', { name: /^Reintentar la tarea n.º 42/ }));

    const notice = await screen.findByText('La tarea n.º 42 volvió a la cola y se ejecutará en un momento.');
    expect(notice.getAttribute('role')).toBe('status');
    expect(await screen.findByRole('heading', { name: 'No hay tareas fallidas: todos los correos salieron' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`${BASE}admin/jobs/42/retry`]);
    expect(calls.filter((c) => c.url === `${BASE}${DEAD.slice(4)}`)).toHaveLength(2);
  });

  it('explains, translated, a retry refused because the job is no longer failed, and refreshes the list', async () => {
    let refused = false;
    const { fetchMock, calls } = stubFetch(BASE, {
      [DEAD]: () => page(refused ? [] : [job(42)]),
      'POST admin/jobs/42/retry': () => {
        refused = true;
        return { status: 409, body: { error: 'job_not_dead', message: 'Only a dead job can be retried' } };
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/admin/jobs', session: admin() });
    fireEvent.click(await screen.findByRole('button', { name: /^Reintentar/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Esta tarea ya no está fallida: otro administrador la reintentó. La lista está actualizada.');
    await waitFor(() => expect(calls.filter((c) => c.url === `${BASE}${DEAD.slice(4)}`)).toHaveLength(2));
  });

  it('filters by state: queued jobs say when they run and offer no retry', async () => {
    const { fetchMock } = stubFetch(BASE, {
      [DEAD]: page([]),
      'GET admin/jobs?state=queued&page=1&limit=20': page([job(7, { state: 'queued', attempts: 1, lastError: null })]),
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderApp({ path: '/admin/jobs', session: admin() });
    expect(await screen.findByText('Cuando un correo u otra tarea falla una y otra vez, aparece aquí con el motivo para que puedas reintentarla.')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'En cola' }));
    const card = await screen.findByRole('article', { name: 'Correo de registro' });
    expect(within(card).getByText('Próxima ejecución')).toBeTruthy();
    expect(within(card).getByText('1 de 5')).toBeTruthy();
    expect(within(card).queryByText('Último error')).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(router.state.location.search).toBe('?state=queued');
  });

  it('pages with page and limit while more jobs remain (X-Total-Count)', async () => {
    const first = Array.from({ length: 20 }, (_, i) => job(100 + i));
    const { fetchMock } = stubFetch(BASE, {
      [DEAD]: page(first, 21),
      'GET admin/jobs?state=dead&page=2&limit=20': page([job(200)], 21),
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/admin/jobs', session: admin() });
    expect(await screen.findByText('21 tareas')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cargar más tareas' }));
    expect(await screen.findByText('Tarea n.º 200')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(21);
    expect(screen.queryByRole('button', { name: 'Cargar más tareas' })).toBeNull();
  });

  it('speaks the person’s language, dates included', async () => {
    const { fetchMock } = stubFetch(BASE, { [DEAD]: page([job(42)]) });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/admin/jobs', session: admin('en') });
    const card = await screen.findByRole('article', { name: 'Registration email' });
    expect(within(card).getByText('5 of 5')).toBeTruthy();
    expect(within(card).getByText(new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-03-02T15:30:00.000Z')))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry job #42: Registration email' })).toBeTruthy();
  });

  it('shows the not-allowed screen to those who are not administrators', async () => {
    const { fetchMock } = stubFetch(BASE, { [DEAD]: { status: 403, body: { error: 'forbidden', message: 'Not allowed' } } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/admin/jobs', session: admin() });
    expect(await screen.findByRole('heading', { name: 'Esta sección es para administradores' })).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });
});
