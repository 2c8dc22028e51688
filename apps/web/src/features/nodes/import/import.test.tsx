import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validToken } from '../../../test/makeToken';
import { renderApp } from '../../../test/renderApp';
import { BASE, stubFetch } from '../../../test/fetchStub';

const signedIn = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(1) });

type Problem = { row: number; field: string; code: string; message: string };
const person = (firstName: string, lastName: string, document: string, more: object = {}) => ({
  firstName, lastName, lastName2: null, document, birthday: null, gender: null, email: null, mobile: null, ...more,
});

const draft = (errors: Problem[], more: object = {}) => ({
  id: 5,
  nodeId: 7,
  fileName: 'estudiantes.csv',
  status: 'draft',
  sheets: [{ index: 0, name: '', rowCount: 3 }],
  sheet: 0,
  headerRow: 1,
  headerFound: true,
  topRows: [{ row: 1, cells: ['Nombres', 'Apellido', 'Documento', 'Correo acudiente'] }, { row: 2, cells: ['Ana', 'Gómez', '1001', 'ana@example.com'] }],
  columns: ['Nombres', 'Apellido', 'Documento', 'Correo acudiente'],
  hiddenColumns: [],
  mapping: { firstName: 0, lastName: 1, document: 2, relativeEmail: 3 },
  nameSplit: [],
  rows: [
    ['Ana', 'Gómez', '1001', 'ana@example.com'],
    ['Luis', 'Pérez', '1002', 'no-es-correo'],
  ],
  rowNumbers: [2, 3],
  preview: [
    { row: 2, student: person('Ana', 'Gómez', '1001', { birthday: '2015-03-14', gender: 'female' }), relative: { ...person('Eva', 'Gómez', 'P1', { email: 'ana@example.com' }), kind: 'mother' } },
    { row: 3, student: person('Luis', 'Pérez', '1002'), relative: null },
  ],
  rowCount: 2,
  invalidRowCount: new Set(errors.map((e) => e.row)).size,
  errors,
  warnings: [],
  progress: { processed: 0, total: 2 },
  result: null,
  createdAt: '2026-11-21T10:00:00Z',
  ...more,
});

const badEmail: Problem = { row: 3, field: 'relativeEmail', code: 'invalid_email', message: '"no-es-correo" is not a valid email address' };
const node7 = {
  'GET nodes': { body: { types: [{ id: 1, key: 'class', singular: { es: 'Curso' }, plural: { es: 'Cursos' } }], nodes: [] } },
  'GET nodes/7': { body: { id: 7, parentId: null, typeId: 1, typeKey: 'class', name: '7A', position: 0, memberCount: 0, path: [] } },
};

async function uploadFile(container: HTMLElement) {
  await screen.findByRole('button', { name: 'Elegir archivo' });
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['Nombres;Apellido\n'], 'estudiantes.csv', { type: 'text/csv' })] } });
}

/** A phone-wide screen for useIsPhone (jsdom has no matchMedia of its own). */
function asPhone() {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => {}, removeEventListener: () => {} }));
}

// jsdom has no object URLs: the download tests put stand-ins in place and restore whatever was there.
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

describe('import screen', () => {
  afterEach(() => {
    URL.createObjectURL = objectUrls.create;
    URL.revokeObjectURL = objectUrls.revoke;
  });

  it('previews the file, translates row errors, keeps commit disabled until they are fixed', async () => {
    const bad = draft([badEmail]);
    const { fetchMock, calls } = stubFetch(BASE, {
      'POST allowed': { body: { 'POST nodes/7/imports': true, 'POST nodes/7/members': true } },
      ...node7,
      'POST nodes/7/imports': { body: bad },
      'PUT nodes/7/imports/5': { body: { ...draft([]), mapping: { firstName: 0, lastName: 1, document: 2 } } },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { container } = await renderApp({ path: '/nodes/7/import', session: signedIn() });
    await uploadFile(container);

    expect(await screen.findByText('Fila 3: «Correo del familiar» no es un correo válido.')).toBeTruthy();
    expect(screen.getByText('Hay 1 problema por corregir antes de importar.')).toBeTruthy();
    const commit = screen.getByRole('button', { name: 'Importar 2 filas' }) as HTMLButtonElement;
    expect(commit.disabled).toBe(true);
    expect(screen.getByText('no-es-correo').className).toMatch(/cellError/);
    const upload = calls.find((c) => c.method === 'POST' && c.url.endsWith('nodes/7/imports'));
    expect(upload?.init?.body).toBeInstanceOf(FormData);
    expect(screen.getByText('Tomamos la fila 1 como títulos de las columnas.')).toBeTruthy();

    // Re-mapping the bad column away re-validates on the server and frees the commit button.
    fireEvent.change(screen.getByRole('combobox', { name: /Correo acudiente/ }), { target: { value: '' } });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Importar 2 filas' }) as HTMLButtonElement).disabled).toBe(false));
    const put = calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toEqual({ mapping: { firstName: 0, lastName: 1, document: 2 } });
    expect(screen.getByText('Todo en orden: 2 filas listas para importar.')).toBeTruthy();
  }, 20_000);

  it('item 3: marks the columns the XLSX sheet hides, left unmapped, and lets the administrator pick one', async () => {
    const hidden = draft([], { fileName: 'estudiantes.xlsx', hiddenColumns: [3], mapping: { firstName: 0, lastName: 1, document: 2 } });
    const { fetchMock, calls } = stubFetch(BASE, {
      'POST allowed': { body: { 'POST nodes/7/imports': true, 'POST nodes/7/members': true } },
      ...node7,
      'POST nodes/7/imports': { body: hidden },
      'PUT nodes/7/imports/5': { body: { ...hidden, mapping: { firstName: 0, lastName: 1, document: 2, relativeEmail: 3 } } },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { container } = await renderApp({ path: '/nodes/7/import', session: signedIn() });
    await uploadFile(container);
    const select = (await screen.findByRole('combobox', { name: 'Correo acudiente (oculta en el archivo)' })) as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(screen.getByRole('combobox', { name: 'Documento' })).toBeTruthy();
    fireEvent.change(select, { target: { value: 'relativeEmail' } });
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(JSON.parse(String(calls.find((c) => c.method === 'PUT')?.init?.body))).toEqual({ mapping: { firstName: 0, lastName: 1, document: 2, relativeEmail: 3 } });
  }, 20_000);

  it('shows progress while committing and the result report at the end', async () => {
    let polls = 0;
    const { fetchMock } = stubFetch(BASE, {
      'POST allowed': { body: { 'POST nodes/7/imports': true } },
      'GET nodes': { body: { types: [], nodes: [] } },
      'GET nodes/7': node7['GET nodes/7'],
      'POST nodes/7/imports': { body: draft([]) },
      'POST nodes/7/imports/5/commit': { body: { ...draft([]), status: 'committing', progress: { processed: 1, total: 2 } } },
      'GET nodes/7/imports/5': () => {
        polls += 1;
        return { body: { ...draft([]), status: 'done', progress: { processed: 2, total: 2 }, result: { created: 2, updated: 0, unchanged: 0, relativesCreated: 2, relationshipsCreated: 2, membershipsCreated: 2, skipped: 0 } } };
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { container } = await renderApp({ path: '/nodes/7/import', session: signedIn() });
    await uploadFile(container);
    fireEvent.click(await screen.findByRole('button', { name: 'Importar 2 filas' }));
    expect(await screen.findByText('Importando… 1 de 2 filas')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Importación terminada' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('Estudiantes nuevos').nextElementSibling?.textContent).toBe('2');
    expect(polls).toBeGreaterThan(0);
  }, 20_000);

  it('says which columns it expects and downloads the template in the interface language', async () => {
    const { fetchMock, calls } = stubFetch(BASE, {
      'POST allowed': { body: {} },
      ...node7,
      'GET import/template?format=xlsx&lang=es': { body: 'xlsx', headers: { 'Content-Disposition': `attachment; filename="plantilla-estudiantes.xlsx"; filename*=UTF-8''plantilla-estudiantes.xlsx` } },
      'GET import/template?format=csv&lang=es': { status: 500, body: { error: 'internal', message: 'x' } },
    });
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:template');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await renderApp({ path: '/nodes/7/import', session: signedIn() });
    const required = await screen.findByRole('list', { name: 'Obligatorias' });
    expect(within(required).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Nombres', 'Primer apellido', 'Documento']);
    expect(within(screen.getByRole('list', { name: 'Opcionales' })).getByText('Parentesco')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Descargar plantilla Excel (XLSX)' }));
    await waitFor(() => expect(saved).toEqual(['plantilla-estudiantes.xlsx']));
    const request = calls.find((c) => c.url.includes('import/template'));
    expect(new Headers(request?.init?.headers).get('Authorization')).toMatch(/^Bearer /);
    fireEvent.click(screen.getByRole('button', { name: 'Descargar plantilla CSV' }));
    expect(await screen.findByText('No se pudo descargar el archivo. Inténtalo de nuevo.')).toBeTruthy();
    click.mockRestore();
  }, 20_000);

  it('on a phone, shows one card per row with its problems and warnings under it', async () => {
    asPhone();
    const warning: Problem = { row: 2, field: 'document', code: 'document_leading_zeros', message: 'fewer digits' };
    const { fetchMock } = stubFetch(BASE, {
      'POST allowed': { body: { 'POST nodes/7/imports': true } },
      ...node7,
      'POST nodes/7/imports': { body: draft([badEmail], { warnings: [warning] }) },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { container } = await renderApp({ path: '/nodes/7/import', session: signedIn() });
    await uploadFile(container);

    const cards = await screen.findByRole('list', { name: 'Filas del archivo' });
    const [first, second] = within(cards).getAllByRole('listitem').filter((li) => li.parentElement === cards);
    expect(first.textContent).toContain('Ana Gómez');
    expect(first.textContent).toContain('FamiliarEva Gómez (Madre) · P1');
    expect(within(first).getByRole('list', { name: 'Avisos de la fila 2' }).textContent).toContain('tiene menos dígitos que los demás');
    expect(within(second).getByRole('list', { name: 'Problemas de la fila 3' }).textContent).toBe('«Correo del familiar» no es un correo válido.');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Hay 1 aviso para revisar; no impide importar.')).toBeTruthy();
    // The columns are mapped one under the other.
    expect((screen.getByRole('combobox', { name: 'Correo acudiente' }) as HTMLSelectElement).value).toBe('relativeEmail');
  }, 20_000);

  it('commits only the good rows when asked, then offers the rows left out to download', async () => {
    const done = {
      ...draft([badEmail]),
      status: 'done',
      progress: { processed: 2, total: 2 },
      result: { created: 1, updated: 0, unchanged: 0, relativesCreated: 1, relationshipsCreated: 1, membershipsCreated: 1, skipped: 1 },
    };
    const { fetchMock, calls } = stubFetch(BASE, {
      'POST allowed': { body: { 'POST nodes/7/imports': true } },
      ...node7,
      'POST nodes/7/imports': { body: draft([badEmail]) },
      'POST nodes/7/imports/5/commit': { body: done },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { container } = await renderApp({ path: '/nodes/7/import', session: signedIn() });
    await uploadFile(container);

    expect(await screen.findByText('Quedará fuera 1 fila con problemas; puedes descargarla, corregirla y volver a importarla.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Descargar filas con problemas (CSV)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Importar solo la fila sin problemas' }));
    expect(await screen.findByText('1 fila quedó fuera por tener problemas. Descárgala, corrígela y vuelve a importarla.')).toBeTruthy();
    const commit = calls.find((c) => c.url.endsWith('/commit'));
    expect(JSON.parse(String(commit?.init?.body))).toEqual({ skipInvalid: true });
    expect(screen.getByRole('button', { name: 'Descargar filas con problemas (XLSX)' })).toBeTruthy();
  }, 20_000);

  it('lets the administrator pick another sheet, header row and name order', async () => {
    const workbook = draft([], {
      sheets: [{ index: 0, name: 'Notas', rowCount: 2 }, { index: 1, name: 'Curso 3A', rowCount: 5 }],
      sheet: 1,
      headerRow: 3,
      topRows: [{ row: 1, cells: ['Listado 3A'] }, { row: 3, cells: ['Nombre completo', 'Documento'] }, { row: 4, cells: ['Pérez Gómez Ana', '1001'] }],
      columns: ['Nombre completo', 'Documento'],
      mapping: { fullName: 0, document: 1 },
      nameSplit: [{ field: 'fullName', column: 0, order: 'given-first' }],
      rows: [['Pérez Gómez Ana', '1001']],
      rowNumbers: [4],
      preview: [{ row: 4, student: person('Pérez', 'Gómez', '1001', { lastName2: 'Ana' }), relative: null }],
      rowCount: 1,
    });
    const { fetchMock, calls } = stubFetch(BASE, {
      'POST allowed': { body: { 'POST nodes/7/imports': true } },
      ...node7,
      'POST nodes/7/imports': { body: workbook },
      'PUT nodes/7/imports/5': { body: workbook },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { container } = await renderApp({ path: '/nodes/7/import', session: signedIn() });
    await uploadFile(container);

    expect(await screen.findByText('Leímos la hoja «Curso 3A» y tomamos su fila 3 como títulos de las columnas.')).toBeTruthy();
    const split = screen.getByRole('region', { name: 'Revisa cómo separamos los nombres' });
    expect(within(split).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Pérez Gómez Ana', 'Pérez', 'Gómez', 'Ana']);
    const puts = () => calls.filter((c) => c.method === 'PUT').map((c) => JSON.parse(String(c.init?.body)));

    fireEvent.change(screen.getByRole('combobox', { name: 'Cómo está escrito «Nombre completo»' }), { target: { value: 'family-first' } });
    await waitFor(() => expect(puts()).toEqual([{ nameOrders: { fullName: 'family-first' } }]));
    fireEvent.change(screen.getByRole('combobox', { name: 'Fila de títulos' }), { target: { value: '1' } });
    await waitFor(() => expect(puts()).toHaveLength(2));
    fireEvent.change(screen.getByRole('combobox', { name: 'Hoja' }), { target: { value: '0' } });
    await waitFor(() => expect(puts()).toEqual([{ nameOrders: { fullName: 'family-first' } }, { headerRow: 1 }, { sheet: 0 }]));
    expect(screen.getByRole('option', { name: 'Fila 1: Listado 3A' })).toBeTruthy();
  }, 20_000);
});
