import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { validToken } from '../../test/makeToken';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch } from '../people/test/fetchStub';

const admin = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(1) });

const family = (personId: number, firstName: string) => ({
  personId,
  firstName,
  lastName: 'Rojas',
  email: `${firstName.toLowerCase()}@example.com`,
  document: `52${personId}`,
  emailVerified: true,
  status: 'pending',
  createdAt: '2026-03-02T15:00:00.000Z',
  children: [{ id: personId + 1, firstName: 'Tomás', lastName: 'Rojas', course: { id: 11, name: '7A' }, enrollmentStatus: 'pending' }],
});

describe('pending family registrations', () => {
  it('lists each family with email, document, date and children with their class, from the list alone', async () => {
    const { fetchMock, calls } = stubFetch(BASE, {
      'GET registrations?status=pending': { body: [family(40, 'Marta'), { ...family(50, 'Inés'), document: null }] },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/registrations', session: admin() });
    const card = await screen.findByRole('article', { name: 'Marta Rojas' });
    expect(within(card).getByRole('link', { name: 'marta@example.com' }).getAttribute('href')).toBe('mailto:marta@example.com');
    expect(within(card).getByText('5240')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Inés Rojas' })).getByText('Sin documento')).toBeTruthy();
    expect(within(card).getByText('Registro: 2 de marzo de 2026')).toBeTruthy();
    expect(within(card).getByText('Tomás Rojas')).toBeTruthy();
    expect(within(card).getByText('7A')).toBeTruthy();
    expect(screen.getByText('2 familias esperan tu aprobación')).toBeTruthy();
    // No profile request per card: the document comes with the list.
    expect(calls.filter((c) => c.url.includes('people/'))).toEqual([]);
  });

  it('approves a family and fetches the list again instead of guessing it', async () => {
    let decided = false;
    const { fetchMock, calls } = stubFetch(BASE, {
      'GET registrations?status=pending': () => ({ body: decided ? [family(50, 'Inés')] : [family(40, 'Marta'), family(50, 'Inés')] }),
      'POST registrations/40/approve': () => {
        decided = true;
        return { body: { ...family(40, 'Marta'), status: 'approved' } };
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/registrations', session: admin() });
    fireEvent.click(await screen.findByRole('button', { name: 'Aprobar el registro de Marta Rojas' }));
    expect(await screen.findByText('Aprobaste el registro de Marta Rojas: sus hijos quedaron matriculados.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Marta Rojas' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Inés Rojas' })).toBeTruthy();
    expect(calls.filter((c) => c.url.endsWith('registrations?status=pending')).length).toBe(2);
  });

  it('asks before rejecting, and says so when another administrator decided first', async () => {
    const { fetchMock, calls } = stubFetch(BASE, {
      'GET registrations?status=pending': { body: [family(40, 'Marta')] },
      'POST registrations/40/reject': { status: 409, body: { error: 'registration_decided', message: 'This registration was already approved' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/registrations', session: admin() });
    fireEvent.click(await screen.findByRole('button', { name: 'Rechazar el registro de Marta Rojas' }));
    expect(calls.filter((c) => c.method === 'POST' && c.url.includes('registrations/'))).toEqual([]);
    const confirm = screen.getByRole('group', { name: '¿Rechazar el registro de Marta Rojas? Sus hijos no quedarán matriculados.' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Rechazar' }));
    expect(await screen.findByText('Otro administrador ya decidió este registro. La lista está actualizada.')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('registrations?status=pending')).length).toBe(2));
  });

  it('says what to do when no family is waiting', async () => {
    vi.stubGlobal('fetch', stubFetch(BASE, { 'GET registrations?status=pending': { body: [] } }).fetchMock);
    await renderApp({ path: '/registrations', session: admin() });
    expect(await screen.findByRole('heading', { name: 'No hay registros pendientes' })).toBeTruthy();
    expect(screen.getByText(/Las familias se registran desde la pantalla de ingreso/)).toBeTruthy();
  });

  it('shows the not-allowed screen to those who are not administrators', async () => {
    const { fetchMock } = stubFetch(BASE, { 'GET registrations?status=pending': { status: 403, body: { error: 'forbidden', message: 'No' } } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/registrations', session: admin() });
    expect(await screen.findByRole('heading', { name: 'No tienes permiso para ver esto' })).toBeTruthy();
  });
});
