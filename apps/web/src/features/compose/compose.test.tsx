import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { card, POST_TYPES, signedIn } from './compose.fixtures';

const staff = { 'POST audiences/preview': true };
const family = { 'POST audiences/preview': false };
const billingStaff = { ...staff, 'billing/debtors': true };

function routes(allowed: Record<string, boolean>, extra: Record<string, StubAnswer | ((call: StubCall) => StubAnswer)> = {}) {
  return { 'POST allowed': { body: allowed }, 'GET post-types': { body: POST_TYPES }, ...extra };
}

const bodyOf = (call: StubCall | undefined) => JSON.parse(String(call?.init?.body));
const posts = (calls: StubCall[], method: string, path: string) => calls.filter((c) => c.method === method && c.url === `${BASE}${path}`);

async function openCompose(allowed: Record<string, boolean>, extra: Parameters<typeof routes>[1] = {}, path = '/compose') {
  const stub = stubFetch(BASE, routes(allowed, extra));
  vi.stubGlobal('fetch', stub.fetchMock);
  const app = await renderApp({ path, session: signedIn(3) });
  // The first screen of a file also waits for its chunks to be transformed.
  await screen.findByRole('textbox', { name: 'Asunto' }, { timeout: 20_000 });
  return { ...stub, ...app };
}

describe('compose', { timeout: 30_000 }, () => {
  afterEach(() => vi.useRealTimers());

  it('autosaves once, 500 ms after the last edit, with the whole post; later edits replace the draft', async () => {
    const { calls, router } = await openCompose(staff, {
      'POST people/3/posts/drafts': { status: 201, body: { id: 41 } },
      'PUT posts/41': (call) => ({ body: { ...bodyOf(call), id: 41, updatedAt: '2026-03-02T10:00:00.000Z' } }),
    });
    vi.useFakeTimers();
    const title = screen.getByRole('textbox', { name: 'Asunto' });
    fireEvent.change(title, { target: { value: 'Sa' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(title, { target: { value: 'Salida' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.change(title, { target: { value: 'Salida pedagógica' } });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(posts(calls, 'POST', 'people/3/posts/drafts')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    const created = posts(calls, 'POST', 'people/3/posts/drafts');
    expect(created).toHaveLength(1);
    expect(bodyOf(created[0])).toEqual({
      type: 'message',
      title: 'Salida pedagógica',
      description: '',
      audience: { people: [], rules: null, relatives: false },
      settings: { highlight: false, notifications: true, recipientsVisible: false, replies: 'author', forward: false },
      quotes: [],
      publishDate: null,
      expirationDate: null,
      event: null,
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(router.state.location.search).toBe('?draft=41');
    expect(screen.getByText('Borrador guardado')).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: /Destacar en la cartelera/ }));
    await act(() => vi.advanceTimersByTimeAsync(500));
    const saved = posts(calls, 'PUT', 'posts/41');
    expect(saved).toHaveLength(1);
    expect(bodyOf(saved[0])).toMatchObject({ title: 'Salida pedagógica', settings: { highlight: true, replies: 'author' } });
    expect(posts(calls, 'POST', 'people/3/posts/drafts')).toHaveLength(1);
    // The address now names the draft, yet the editor kept what was typed (it did not reload it).
    expect((screen.getByRole('textbox', { name: 'Asunto' }) as HTMLInputElement).value).toBe('Salida pedagógica');
  });

  it('publishing without recipients says "Debes seleccionar destinatarios" and sends nothing', async () => {
    const { calls } = await openCompose(staff);
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Debes seleccionar destinatarios');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.filter((c) => c.method !== 'GET' && !c.url.endsWith('allowed'))).toEqual([]);
  });

  it('shows the same words when the server answers 400 no_recipients, and "too large" for a 413', async () => {
    let answer: StubAnswer = { status: 400, body: { error: 'no_recipients', message: 'You must select destinataries' } };
    const { calls } = await openCompose(staff, {
      'GET people?q=ana&limit=8': { body: [card(8, 'Ana', 'Ruiz', ['relative'])], headers: { 'X-Total-Count': '1' } },
      'POST people/3/posts/drafts': { status: 201, body: { id: 41 } },
      'POST people/3/posts/sent': () => answer,
    });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar personas del colegio' }), { target: { value: 'ana' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar a Ruiz, Ana' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Asunto' }), { target: { value: 'Salida' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Debes seleccionar destinatarios']));
    // The edit was saved first, then the draft published by its id.
    expect(bodyOf(posts(calls, 'POST', 'people/3/posts/drafts')[0]).audience.people).toEqual([8]);
    expect(bodyOf(posts(calls, 'POST', 'people/3/posts/sent')[0])).toEqual({ draft: 41 });

    answer = { status: 413, body: { error: 'payload_too_large', message: 'The description is larger than 1000000 bytes' } };
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('El mensaje es demasiado grande. Acorta el texto o quita imágenes.'));
  });

  it('writes to a person and quotes a post from the address, publishes, and opens the sent screen with a success notice', async () => {
    const published = { id: 41, thread: 9, audienceCount: 2, publishDate: '2026-03-02T10:00:00.000Z', scheduled: false };
    const { calls, router } = await openCompose(staff, {
      'GET people/8': { body: card(8, 'Ana', 'Ruiz') },
      'GET posts/12': { body: { id: 12, title: 'Horario de exámenes', author: card(2, 'Tomás', 'Díaz') } },
      'POST people/3/posts/drafts': { status: 201, body: { id: 41 } },
      'POST people/3/posts/sent': { status: 201, body: published },
    }, '/compose?to=8&quote=12');
    expect(await screen.findByText('Ruiz, Ana')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Mensaje citado' })).getByText('Horario de exámenes')).toBeTruthy();
    // Nothing edited yet: the prefilled post went whole when its subject was typed and published at once.
    fireEvent.change(screen.getByRole('textbox', { name: 'Asunto' }), { target: { value: 'Sobre el horario' } });
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sent/41'));
    expect(bodyOf(posts(calls, 'POST', 'people/3/posts/drafts')[0])).toMatchObject({ title: 'Sobre el horario', audience: { people: [8] }, quotes: [12], type: 'message' });
    expect(bodyOf(posts(calls, 'POST', 'people/3/posts/sent')[0])).toEqual({ draft: 41 });
    expect(await screen.findByText('Mensaje publicado: les llegó a 2 personas.')).toBeTruthy();
  });

  it('inserts an image by its web address, never a script address, without publishing the post', async () => {
    const { calls } = await openCompose(staff, { 'POST people/3/posts/drafts': { status: 201, body: { id: 41 } } });
    fireEvent.click(screen.getByRole('button', { name: 'Imagen' }));
    const address = await screen.findByRole('textbox', { name: 'Dirección de la imagen' });
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Insertar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Escribe una dirección web que empiece por https://');
    fireEvent.change(address, { target: { value: 'https://example.org/salida.png' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Descripción para lectores de pantalla' }), { target: { value: 'El museo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Insertar' }));
    await waitFor(() => expect(posts(calls, 'POST', 'people/3/posts/drafts')).toHaveLength(1));
    expect(bodyOf(posts(calls, 'POST', 'people/3/posts/drafts')[0]).description).toContain('<img src="https://example.org/salida.png" alt="El museo">');
    expect(posts(calls, 'POST', 'people/3/posts/sent')).toHaveLength(0);
    expect(screen.queryByText('Debes seleccionar destinatarios')).toBeNull();
  });

  it('builds the rule JSON from the conditions and shows the live count of the preview', async () => {
    const previews: unknown[] = [];
    const { calls } = await openCompose(staff, {
      'POST people/3/posts/drafts': { status: 201, body: { id: 41 } },
      'PUT posts/41': (call) => ({ body: { ...bodyOf(call), id: 41, updatedAt: '2026-03-02T10:00:00.000Z' } }),
      'GET nodes': { body: { types: [{ id: 1, key: 'class', singular: { es: 'Curso' }, plural: { es: 'Cursos' } }], nodes: [{ id: 7, parentId: null, typeId: 1, typeKey: 'class', name: '7A', position: 0, memberCount: 30 }] } },
      'POST audiences/preview': (call) => {
        const body = bodyOf(call);
        previews.push(body);
        const count = body.rules.op === 'or' ? 40 : 25;
        return { body: { count, sample: [card(8, 'Ana', 'Ruiz')] } };
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar una condición' }));
    await within(screen.getByRole('combobox', { name: 'Valor de la condición 1' })).findByRole('option', { name: '7A (Curso)' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Valor de la condición 1' }), { target: { value: '7' } });
    expect(await screen.findByText('Estas condiciones seleccionan a 25 personas')).toBeTruthy();
    expect(previews.at(-1)).toEqual({ rules: { field: 'node', op: 'eq', args: [7] }, includeRelatives: false });

    fireEvent.click(screen.getByRole('button', { name: 'Agregar otra condición' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Dato de la condición 2' }), { target: { value: 'role' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Valor de la condición 2' }), { target: { value: 'relative' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Alguna condición' }));
    fireEvent.click(screen.getByRole('switch', { name: /Incluir a sus familiares/ }));
    expect(await screen.findByText('Estas condiciones seleccionan a 40 personas')).toBeTruthy();
    expect(previews.at(-1)).toEqual({
      rules: { op: 'or', args: [{ field: 'node', op: 'eq', args: [7] }, { field: 'role', op: 'eq', args: ['relative'] }] },
      includeRelatives: true,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Ver quiénes' }));
    expect(within(screen.getByRole('list', { name: 'Algunas de las personas seleccionadas' })).getByText('Ruiz, Ana')).toBeTruthy();
    // The draft holds the same rule.
    const lastSave = () => [...calls].reverse().find((c) => c.method === 'PUT' || (c.method === 'POST' && c.url.endsWith('posts/drafts')));
    await waitFor(() =>
      expect(bodyOf(lastSave()).audience).toEqual({
        people: [],
        rules: { op: 'or', args: [{ field: 'node', op: 'eq', args: [7] }, { field: 'role', op: 'eq', args: ['relative'] }] },
        relatives: true,
      }),
    );
  });

  it('keeps the billing fields from staff who do not keep the accounts, such as teachers', async () => {
    const { calls } = await openCompose(staff);
    fireEvent.click(screen.getByRole('button', { name: 'Agregar una condición' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('allowed') && String(c.init?.body).includes('billing/debtors'))).toBe(true));
    await act(async () => {});
    const fields = within(screen.getByRole('combobox', { name: 'Dato de la condición 1' })).getAllByRole('option').map((o) => o.textContent);
    expect(fields).toContain('Familias con hijos en el colegio');
    expect(fields).not.toContain('Con saldo vencido');
    expect(fields).not.toContain('Cobro (descripción o concepto)');
    expect(fields).not.toContain('Valor de un cobro pendiente');
  });

  it('offers billing staff the billing fields and selects debtors with true', async () => {
    const previews: unknown[] = [];
    await openCompose(billingStaff, { 'POST audiences/preview': (call) => (previews.push(bodyOf(call)), { body: { count: 12, sample: [] } }) });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar una condición' }));
    const fieldSelect = screen.getByRole('combobox', { name: 'Dato de la condición 1' });
    await within(fieldSelect).findByRole('option', { name: 'Con saldo vencido' });
    expect(within(fieldSelect).getByRole('option', { name: 'Cobro (descripción o concepto)' })).toBeTruthy();
    expect(within(fieldSelect).getByRole('option', { name: 'Valor de un cobro pendiente' })).toBeTruthy();
    fireEvent.change(fieldSelect, { target: { value: 'debtor' } });
    const valueSelect = screen.getByRole('combobox', { name: 'Valor de la condición 1' });
    expect(within(valueSelect).getByRole('option', { name: 'Sí' })).toBeTruthy();
    fireEvent.change(valueSelect, { target: { value: 'yes' } });
    expect(await screen.findByText('Estas condiciones seleccionan a 12 personas')).toBeTruthy();
    expect(previews.at(-1)).toEqual({ rules: { field: 'debtor', op: 'eq', args: [true] }, includeRelatives: false });
  });

  it('offers families their contacts only: no rules, no relatives switch, no school search', async () => {
    const { calls } = await openCompose(family, {
      'GET people/3/contacts': { body: [{ ...card(2, 'Tomás', 'Díaz'), reasons: ['teacher'] }, { ...card(5, 'Marta', 'Ríos'), reasons: ['family'] }] },
      'POST people/3/posts/drafts': { status: 201, body: { id: 41 } },
    });
    expect(screen.queryByRole('heading', { name: 'Por condiciones' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Agregar una condición' })).toBeNull();
    expect(screen.queryByRole('switch', { name: /Incluir a sus familiares/ })).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar entre tus contactos' }), { target: { value: 'diaz' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar a Díaz, Tomás' }));
    expect(screen.getByRole('button', { name: 'Quitar a Díaz, Tomás' })).toBeTruthy();
    expect(calls.some((c) => c.url.startsWith(`${BASE}people?`))).toBe(false);
    expect(calls.some((c) => c.url.endsWith('audiences/preview'))).toBe(false);
    await waitFor(() => expect(bodyOf(posts(calls, 'POST', 'people/3/posts/drafts')[0]).audience).toEqual({ people: [2], rules: null, relatives: false }));
  });

  it('reopens a draft from the drafts list and discards it after confirming', async () => {
    const draft = {
      id: 52, updatedAt: '2026-03-02T10:00:00.000Z', type: 'circular', title: 'Reunión de padres', description: '<p>Hola</p>',
      audience: { people: [], rules: { field: 'role', op: 'eq', args: ['relative'] }, relatives: false },
      settings: { highlight: true, notifications: true, recipientsVisible: false, replies: 'all', forward: false }, quotes: [], publishDate: null, expirationDate: null,
    };
    const { calls, router } = await openCompose(staff, {
      'GET people/3/posts/drafts?limit=100': { body: [draft], headers: { 'X-Total-Count': '1' } },
      'GET people/3/posts/drafts/52': { body: draft },
      'POST audiences/preview': { body: { count: 120, sample: [] } },
      'DELETE posts/52': { status: 204 },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Borradores' }));
    fireEvent.click(await screen.findByRole('link', { name: /Reunión de padres/ }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Asunto' }) as HTMLInputElement).value).toBe('Reunión de padres'));
    expect((screen.getByRole('combobox', { name: 'Tipo de publicación' }) as HTMLSelectElement).value).toBe('circular');
    expect((screen.getByRole('combobox', { name: 'Valor de la condición 1' }) as HTMLSelectElement).value).toBe('relative');
    expect(await screen.findByText('Estas condiciones seleccionan a 120 personas')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Descartar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Descartar este borrador?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Descartar borrador' }));
    await waitFor(() => expect(posts(calls, 'DELETE', 'posts/52')).toHaveLength(1));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Asunto' }) as HTMLInputElement).value).toBe(''));
  });
});
