import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Invitation, InvitationCounts } from '@patio/core/schemas/invitations';
import { AppProviders } from '../../app/AppProviders';
import { DeckProviders } from '../../app/deck/DeckProviders';
import { applyLanguage, createI18n } from '../../app/i18n/createI18n';
import { ensureDirectoryTerms } from '../../app/i18n/withDirectoryTerms';
import { createAppServices } from '../../app/services';
import { SESSION_STORAGE_KEY } from '../../app/session/sessionStore';
import { BASE, stubFetch, type StubCall } from '../../test/fetchStub';
import { validToken } from '../../test/makeToken';
import { renderApp } from '../../test/renderApp';
import { InviteFamiliesCallout } from './InviteFamiliesCallout';

const admin = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(1) });

const invitation = (personId: number, change: Partial<Invitation> = {}): Invitation => ({
  personId,
  firstName: `Nombre${personId}`,
  lastName: `Apellido${personId}`,
  lastName2: null,
  email: `p${personId}@example.com`,
  hasPassword: false,
  status: 'not_sent',
  sendCount: 0,
  sentAt: null,
  openedAt: null,
  signedInAt: null,
  ...change,
});
const counts: InvitationCounts = { total: 5, notSent: 2, sent: 1, opened: 1, signedIn: 1, withoutEmail: 1 };
const page = (items: Invitation[], total = items.length) => ({ body: items, headers: { 'X-Total-Count': String(total) } });
const allowed = (yes: boolean) => (call: StubCall) => ({
  body: Object.fromEntries((JSON.parse(String(call.init?.body)) as string[]).map((path) => [path, yes && path === 'POST invitations'])),
});
const bodyOf = (calls: StubCall[], method: string, path: string) => {
  const call = calls.find((c) => c.method === method && c.url === `${BASE}${path}`);
  return call ? JSON.parse(String(call.init?.body ?? 'null')) : undefined;
};

describe('invitations screen', () => {
  it('shows a group\'s counts and people with their status, filters them and sends one again', async () => {
    const people = [
      invitation(11, { status: 'sent', sentAt: '2026-03-02T14:00:00.000Z', sendCount: 2 }),
      invitation(12, { email: null }),
      invitation(13, { status: 'signed_in', hasPassword: true, sentAt: '2026-03-01T10:00:00.000Z', signedInAt: '2026-03-03T10:00:00.000Z', sendCount: 1 }),
    ];
    const { fetchMock, calls } = stubFetch(BASE, {
      'POST allowed': allowed(true),
      'GET nodes/5': { body: { id: 5, name: '3A' } },
      'GET invitations/counts?node=5': { body: counts },
      'GET invitations?node=5&page=1&limit=20': page(people, 3),
      'GET invitations?node=5&status=opened&page=1&limit=20': page([invitation(14, { status: 'opened', openedAt: '2026-03-02T15:00:00.000Z' })]),
      'POST invitations/11': { body: invitation(11, { status: 'sent', sendCount: 3 }) },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/admin/invitations?node=5', session: admin() });

    const panel = await screen.findByRole('region', { name: 'Invitaciones a Patio' });
    expect(await screen.findByText('Grupo: 3A')).toBeTruthy();
    const stats = await within(panel).findByLabelText('Invitaciones por estado');
    expect(within(stats).getByText('Sin enviar').nextElementSibling?.textContent).toBe('2');
    expect(within(stats).getByText('Ya entraron').nextElementSibling?.textContent).toBe('1');
    expect(within(stats).getByText('Sin correo').nextElementSibling?.textContent).toBe('1');

    const list = await within(panel).findByRole('list', { name: 'Personas y su invitación' });
    const rows = within(list).getAllByRole('listitem');
    expect(within(rows[0]).getByText('Nombre11 Apellido11')).toBeTruthy();
    expect(within(rows[0]).getByText('Enviada')).toBeTruthy();
    expect(within(rows[0]).getByText(/2 envíos/)).toBeTruthy();
    // Without an email there is nothing to send.
    expect(within(rows[1]).getByText('Sin correo electrónico')).toBeTruthy();
    expect(within(rows[1]).queryByRole('button')).toBeNull();
    expect(within(rows[2]).getByText('Ya entró')).toBeTruthy();

    fireEvent.click(within(rows[0]).getByRole('button', { name: 'Reenviar la invitación a Nombre11 Apellido11' }));
    expect(await screen.findByText('Enviamos la invitación a Nombre11 Apellido11.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.url === `${BASE}invitations/11`)).toHaveLength(1);

    fireEvent.change(within(panel).getByLabelText('Mostrar'), { target: { value: 'opened' } });
    expect(await within(panel).findByText('Nombre14 Apellido14')).toBeTruthy();
    expect(within(within(panel).getByRole('list')).getByText('Abierta')).toBeTruthy();
  });

  it('invites a group\'s families after a confirmation and says what was sent and skipped', async () => {
    const { fetchMock, calls } = stubFetch(BASE, {
      'POST allowed': allowed(true),
      'GET nodes/5': { body: { id: 5, name: '3A' } },
      'GET invitations/counts?node=5': { body: counts },
      'GET invitations?node=5&page=1&limit=20': page([]),
      'POST invitations': { body: { sent: 2, skipped: { total: 3, noEmail: 1, alreadyActive: 2, registrationPending: 0 } } },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/admin/invitations?node=5', session: admin() });

    fireEvent.click(await screen.findByRole('button', { name: 'Invitar a las familias' }));
    const confirm = await screen.findByRole('group', { name: '¿Enviar las invitaciones?' });
    expect(document.activeElement).toBe(confirm);
    expect(calls.filter((c) => c.method === 'POST' && c.url === `${BASE}invitations`)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Enviar invitaciones' }));

    expect(await screen.findByText(/Enviamos 2 invitaciones\. Se omitieron 3 personas:/)).toBeTruthy();
    expect(screen.getByText('1 sin correo electrónico')).toBeTruthy();
    expect(screen.getByText('2 ya tienen acceso')).toBeTruthy();
    expect(bodyOf(calls, 'POST', 'invitations')).toEqual({ nodeId: 5 });
    // The counts are asked again after the send.
    await waitFor(() => expect(calls.filter((c) => c.url === `${BASE}invitations/counts?node=5`).length).toBeGreaterThan(1));
  });

  it('lets a cancelled confirmation send nothing', async () => {
    const { fetchMock, calls } = stubFetch(BASE, {
      'POST allowed': allowed(true),
      'GET invitations/counts?node=5': { body: counts },
      'GET invitations?node=5&page=1&limit=20': page([]),
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/admin/invitations?node=5', session: admin() });
    fireEvent.click(await screen.findByRole('button', { name: 'Invitar a las familias' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByRole('button', { name: 'Invitar a las familias' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST' && c.url === `${BASE}invitations`)).toHaveLength(0);
  });

  it('lists the whole school without a group, with no bulk send', async () => {
    const { fetchMock } = stubFetch(BASE, {
      'POST allowed': allowed(true),
      'GET invitations/counts': { body: counts },
      'GET invitations?page=1&limit=20': page([invitation(21)]),
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/admin/invitations', session: admin() });
    expect(await screen.findByText('Nombre21 Apellido21')).toBeTruthy();
    expect(screen.getByText('Todo el colegio')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invitar a las familias' })).toBeNull();
  });

  it('shows nothing to someone who may not invite', async () => {
    const { fetchMock, calls } = stubFetch(BASE, { 'POST allowed': allowed(false) });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/admin/invitations', session: admin() });
    await waitFor(() => expect(calls.some((c) => c.url === `${BASE}allowed`)).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Invitaciones a Patio' })).toBeNull();
    expect(calls.some((c) => c.url.includes('invitations'))).toBe(false);
  });
});

describe('invitation on a person\'s page', () => {
  const profile = { id: 20, firstName: 'Sofía', lastName: 'Pardo', lastName2: null, avatar: null, roles: [], email: 'sofia@example.com' };

  it('says where it stands and sends it again, explaining a refusal', async () => {
    let refused = false;
    const { fetchMock } = stubFetch(BASE, {
      'POST allowed': allowed(true),
      'GET people/20': { body: profile },
      'GET invitations/20': { body: invitation(20, { firstName: 'Sofía', lastName: 'Pardo', status: 'opened', sentAt: '2026-03-02T14:00:00.000Z', openedAt: '2026-03-03T09:00:00.000Z', sendCount: 1 }) },
      'POST invitations/20': () => {
        if (refused) return { body: invitation(20, { status: 'sent' }) };
        refused = true;
        return { status: 409, body: { error: 'no_email', message: 'x' } };
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/person/20', session: admin() });
    const section = await screen.findByRole('region', { name: 'Invitación a Patio' });
    expect(within(section).getByText('Abierta')).toBeTruthy();
    expect(within(section).getByText(/Abierta el/)).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Reenviar la invitación a Sofía Pardo' }));
    expect(await within(section).findByText('Esta persona no tiene correo electrónico: agrégalo a su perfil para invitarla.')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Reenviar la invitación a Sofía Pardo' }));
    expect(await within(section).findByText('Enviamos la invitación a Sofía Pardo.')).toBeTruthy();
  });

  it('is absent for someone who may not invite', async () => {
    const { fetchMock, calls } = stubFetch(BASE, { 'POST allowed': allowed(false), 'GET people/20': { body: profile } });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/person/20', session: admin() });
    expect(await screen.findByRole('heading', { name: 'Sofía Pardo', level: 2 })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Invitación a Patio' })).toBeNull();
    expect(calls.some((c) => c.url.includes('invitations'))).toBe(false);
  });
});

describe('next step of an import report', () => {
  it('invites the imported group\'s families and links to their invitations', async () => {
    const { fetchMock, calls } = stubFetch(BASE, {
      'POST allowed': allowed(true),
      'POST invitations': { body: { sent: 12, skipped: { total: 0, noEmail: 0, alreadyActive: 0, registrationPending: 0 } } },
    });
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(admin()));
    const i18n = await createI18n();
    const services = createAppServices(i18n, localStorage);
    await applyLanguage(i18n, 'es-CO');
    await ensureDirectoryTerms(i18n, 'es');
    const router = createMemoryRouter([{ path: '/nodes/:nodeId/import', element: <InviteFamiliesCallout /> }], { initialEntries: ['/nodes/7/import'] });
    render(
      <AppProviders services={services}>
        <DeckProviders>
          <RouterProvider router={router} />
        </DeckProviders>
      </AppProviders>,
    );

    expect(await screen.findByRole('heading', { name: 'Siguiente paso: invita a las familias' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ver el estado de las invitaciones' }).getAttribute('href')).toBe('/admin/invitations?node=7');
    fireEvent.click(screen.getByRole('button', { name: 'Invitar a estas familias' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Enviar invitaciones' }));
    expect(await screen.findByText('Enviamos 12 invitaciones.')).toBeTruthy();
    expect(bodyOf(calls, 'POST', 'invitations')).toEqual({ nodeId: 7 });
  });
});
