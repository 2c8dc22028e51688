import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { validToken } from '../../test/makeToken';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch } from '../../test/fetchStub';

// jsdom has no document.fonts, which Mantine's autosizing Textarea (the reason of a link decision) listens to.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() });

const admin = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(1) });

const family = (personId: number, firstName: string) => ({
  personId,
  firstName,
  lastName: 'Rojas',
  email: `${firstName.toLowerCase()}@example.com`,
  document: `52${personId}`,
  match: null,
  emailVerified: true,
  status: 'pending',
  createdAt: '2026-03-02T15:00:00.000Z',
  // Until approval the children exist only on the form: no id yet.
  children: [{ id: null, firstName: 'Tomás', lastName: 'Rojas', document: `11${personId}`, course: { id: 11, name: '7A' }, enrollmentStatus: null, match: null }],
  relatives: [] as Array<Record<string, unknown>>,
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
    expect(within(card).getByText('1140')).toBeTruthy();
    expect(screen.getByText('2 familias esperan tu aprobación')).toBeTruthy();
    // No profile request per card: the document comes with the list (the shell loads the administrator's
    // own profile and the inbox badge its unread counts).
    const profileReads = calls.filter((c) => /people\/\d+$/.test(c.url.split('?')[0]) && !c.url.endsWith('people/1'));
    expect(profileReads).toEqual([]);
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

  it('shows every document and says who is already in the school, linking to them', async () => {
    const marta = {
      ...family(40, 'Marta'),
      children: [
        { ...family(40, 'Marta').children[0], match: { id: 301, firstName: 'Tomás', lastName: 'Rojas' } },
        { id: null, firstName: 'Lucía', lastName: 'Rojas', document: null, course: null, enrollmentStatus: null, match: null },
      ],
      relatives: [{ firstName: 'Gloria', lastName: 'Mejía', kind: 'grandmother', document: '41222333', match: { id: 302, firstName: 'Gloria', lastName: 'Mejía' } }],
    };
    vi.stubGlobal('fetch', stubFetch(BASE, { 'GET registrations?status=pending': { body: [marta] } }).fetchMock);
    await renderApp({ path: '/registrations', session: admin() });
    const card = await screen.findByRole('article', { name: 'Marta Rojas' });
    expect(within(card).getByText('7A')).toBeTruthy();
    expect(within(card).getByText('1140')).toBeTruthy();
    expect(within(card).getByText('Sin curso elegido')).toBeTruthy();
    expect(within(card).getByText('Sin documento')).toBeTruthy();
    expect(within(card).getByRole('heading', { name: 'Otros familiares' })).toBeTruthy();
    expect(within(card).getByText('Abuela · Documento 41222333')).toBeTruthy();
    expect(within(card).getAllByText('Ya está en el colegio:')).toHaveLength(2);
    expect(within(card).getByRole('link', { name: 'Tomás Rojas' }).getAttribute('href')).toBe('/person/301');
    expect(within(card).getByRole('link', { name: 'Gloria Mejía' }).getAttribute('href')).toBe('/person/302');
    expect(within(card).getByText(/Si lo apruebas como persona nueva, no se unen a ellos/)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Aprobar a Marta Rojas como persona nueva' })).toBeTruthy();
  });

  it('item 3: warns of a parent match side by side, and sends the confirmation to the contact on file', async () => {
    let sent = false;
    const elena = { id: 301, firstName: 'Elena', lastName: 'Vargas', email: 'elena@example.com', mobile: '+57 311 222 3344', hasAccount: false };
    const marta = () => ({
      ...family(40, 'Marta'),
      mobile: null,
      match: elena,
      linking: sent
        ? { choices: [], decision: null, confirmation: { status: 'pending', sentTo: 'elena@example.com', sentAt: '2026-03-02T15:00:00.000Z', expiresAt: '2026-03-04T15:00:00.000Z', answeredAt: null } }
        : { choices: ['confirm'], confirmation: null, decision: null },
    });
    const { fetchMock, calls } = stubFetch(BASE, {
      'GET registrations?status=pending': () => ({ body: [marta()] }),
      'POST registrations/40/approve': () => {
        sent = true;
        return { status: 202, body: marta() };
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/registrations', session: admin() });
    const card = await screen.findByRole('article', { name: 'Marta Rojas' });
    expect(within(card).getByRole('heading', { name: 'Alguien del colegio ya tiene el documento 5240' })).toBeTruthy();
    const table = within(card).getByRole('table', { name: 'Diferencias entre el registro y el colegio' });
    const rows = within(table).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual([
      'DatoEn el registroEn el colegio',
      'NombreMarta RojasElena Vargas (distinto)',
      'Correomarta@example.comelena@example.com (distinto)',
      'Celular—+57 311 222 3344',
      'Usuario—Sin usuario',
    ]);
    fireEvent.click(within(card).getByRole('button', { name: 'Enviar confirmación a elena@example.com' }));
    expect(await screen.findByText('Enviaste la confirmación a elena@example.com. El registro espera su respuesta.')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(String(post!.init!.body))).toEqual({ link: 'confirm' });
    expect(await within(await screen.findByRole('article', { name: 'Marta Rojas' })).findByText('Esperando confirmación')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Marta Rojas' })).queryByRole('button', { name: /Enviar confirmación/ })).toBeNull();
  });

  it('item 3: links by an administrator decision only with a reason', async () => {
    const { fetchMock, calls } = stubFetch(BASE, {
      'GET registrations?status=pending': {
        body: [{ ...family(40, 'Marta'), mobile: null, match: { id: 301, firstName: 'Elena', lastName: 'Vargas', email: null, mobile: null, hasAccount: false }, linking: { choices: ['decide'], confirmation: null, decision: null } }],
      },
      'POST registrations/40/approve': { body: { ...family(40, 'Marta'), status: 'approved' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/registrations', session: admin() });
    const card = await screen.findByRole('article', { name: 'Marta Rojas' });
    expect(within(card).getByText(/Elena Vargas no tiene correo en el colegio/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Unir por decisión del administrador' }));
    expect(await within(card).findByText('Escribe el motivo.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.change(within(card).getByRole('textbox', { name: /Motivo para unir sin confirmación/ }), { target: { value: 'Vino con su cédula' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Unir por decisión del administrador' }));
    expect(await screen.findByText('Uniste el registro de Marta Rojas por decisión del administrador.')).toBeTruthy();
    expect(JSON.parse(String(calls.find((c) => c.method === 'POST')!.init!.body))).toEqual({ link: 'decide', reason: 'Vino con su cédula' });
  });

  it("shows each child's document, birthday in the interface language and gender, and the other relatives", async () => {
    const marta = {
      ...family(40, 'Marta'),
      children: [
        { ...family(40, 'Marta').children[0], birthday: '2016-09-01', gender: 'male' },
        { id: null, firstName: 'Lucía', lastName: 'Rojas', document: '1150', birthday: '2019-02-28', gender: null, course: null, enrollmentStatus: null, match: null },
      ],
      relatives: [{ firstName: 'Gloria', lastName: 'Mejía', kind: 'grandmother', document: null, match: null }],
    };
    vi.stubGlobal('fetch', stubFetch(BASE, { 'GET registrations?status=pending': { body: [marta] } }).fetchMock);
    const { services } = await renderApp({ path: '/registrations', session: admin() });
    const card = await screen.findByRole('article', { name: 'Marta Rojas' });
    const [tomas, lucia] = within(card).getAllByRole('listitem').filter((item) => /Tomás|Lucía/.test(item.textContent ?? ''));
    const factsOf = (item: HTMLElement) => within(item).getAllByRole('term').map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(factsOf(tomas)).toEqual(['Documento: 1140', 'Fecha de nacimiento: 1 de septiembre de 2016', 'Género: Masculino']);
    expect(factsOf(lucia)).toEqual(['Documento: 1150', 'Fecha de nacimiento: 28 de febrero de 2019', 'Género: Sin indicar']);
    expect(within(card).getByText('Gloria Mejía')).toBeTruthy();
    expect(within(card).getByText('Abuela · Sin documento')).toBeTruthy();
    // The birthday follows the interface language, never the browser's time zone.
    act(() => services.session.setLanguage('en'));
    await waitFor(() => expect(factsOf(within(screen.getByRole('article', { name: 'Marta Rojas' })).getAllByRole('listitem')[0])).toContain('Birthday: September 1, 2016'));
  });

  it('explains an approval refused because the parent’s document belongs to an existing account', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch(BASE, {
        'GET registrations?status=pending': { body: [family(40, 'Marta')] },
        'POST registrations/40/approve': { status: 409, body: { error: 'document_in_use', message: 'The parent’s document belongs to someone who already has an account' } },
      }).fetchMock,
    );
    await renderApp({ path: '/registrations', session: admin() });
    fireEvent.click(await screen.findByRole('button', { name: 'Aprobar el registro de Marta Rojas' }));
    expect(await screen.findByText(/pertenece a alguien que ya tiene usuario en el colegio/)).toBeTruthy();
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
    expect(await screen.findByRole('heading', { name: 'Esta sección es para administradores' })).toBeTruthy();
  });
});
