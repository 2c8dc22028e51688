import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { validToken } from '../../../test/makeToken';
import { renderApp } from '../../../test/renderApp';
import { BASE, stubFetch } from '../../../test/fetchStub';

const signedIn = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(1) });

const draft = (errors: Array<{ row: number; field: string; code: string; message: string }>) => ({
  id: 5,
  nodeId: 7,
  fileName: 'estudiantes.csv',
  status: 'draft',
  columns: ['Nombres', 'Apellido', 'Documento', 'Correo acudiente'],
  mapping: { firstName: 0, lastName: 1, document: 2, relativeEmail: 3 },
  rows: [
    ['Ana', 'Gómez', '1001', 'ana@example.com'],
    ['Luis', 'Pérez', '1002', 'no-es-correo'],
  ],
  rowCount: 2,
  errors,
  progress: { processed: 0, total: 2 },
  result: null,
  createdAt: '2026-11-21T10:00:00Z',
});

describe('import screen', () => {
  it('previews the file, translates row errors, keeps commit disabled until they are fixed', async () => {
    const bad = draft([{ row: 3, field: 'relativeEmail', code: 'invalid_email', message: '"no-es-correo" is not a valid email address' }]);
    const { fetchMock, calls } = stubFetch(BASE, {
      'POST allowed': { body: { 'POST nodes/7/imports': true, 'POST nodes/7/members': true } },
      'GET nodes': { body: { types: [{ id: 1, key: 'class', singular: { es: 'Curso' }, plural: { es: 'Cursos' } }], nodes: [] } },
      'GET nodes/7': { body: { id: 7, parentId: null, typeId: 1, typeKey: 'class', name: '7A', position: 0, memberCount: 0, path: [] } },
      'POST nodes/7/imports': { body: bad },
      'PUT nodes/7/imports/5': { body: { ...draft([]), mapping: { firstName: 0, lastName: 1, document: 2 } } },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { container } = await renderApp({ path: '/nodes/7/import', session: signedIn() });

    const choose = await screen.findByRole('button', { name: 'Elegir archivo' });
    expect(choose).toBeTruthy();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['Nombres;Apellido\n'], 'estudiantes.csv', { type: 'text/csv' })] } });

    expect(await screen.findByText('Fila 3: «Correo del familiar» no es un correo válido.')).toBeTruthy();
    expect(screen.getByText('Hay 1 problema por corregir antes de importar.')).toBeTruthy();
    const commit = screen.getByRole('button', { name: 'Importar 2 filas' }) as HTMLButtonElement;
    expect(commit.disabled).toBe(true);
    expect(screen.getByText('no-es-correo').className).toMatch(/cellError/);
    const upload = calls.find((c) => c.method === 'POST' && c.url.endsWith('nodes/7/imports'));
    expect(upload?.init?.body).toBeInstanceOf(FormData);

    // Re-mapping the bad column away re-validates on the server and frees the commit button.
    fireEvent.change(screen.getByRole('combobox', { name: /Correo acudiente/ }), { target: { value: '' } });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Importar 2 filas' }) as HTMLButtonElement).disabled).toBe(false));
    const put = calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toEqual({ mapping: { firstName: 0, lastName: 1, document: 2 } });
    expect(screen.getByText('Todo en orden: 2 filas listas para importar.')).toBeTruthy();
  }, 20_000);

  it('shows progress while committing and the result report at the end', async () => {
    let polls = 0;
    const { fetchMock } = stubFetch(BASE, {
      'POST allowed': { body: { 'POST nodes/7/imports': true } },
      'GET nodes': { body: { types: [], nodes: [] } },
      'GET nodes/7': { body: { id: 7, parentId: null, typeId: 1, typeKey: 'class', name: '7A', position: 0, memberCount: 0, path: [] } },
      'POST nodes/7/imports': { body: draft([]) },
      'POST nodes/7/imports/5/commit': { body: { ...draft([]), status: 'committing', progress: { processed: 1, total: 2 } } },
      'GET nodes/7/imports/5': () => {
        polls += 1;
        return { body: { ...draft([]), status: 'done', progress: { processed: 2, total: 2 }, result: { created: 2, updated: 0, unchanged: 0, relativesCreated: 2, relationshipsCreated: 2, membershipsCreated: 2, skipped: 0 } } };
      },
    });
    vi.stubGlobal('fetch', fetchMock);
    const { container } = await renderApp({ path: '/nodes/7/import', session: signedIn() });
    await screen.findByRole('button', { name: 'Elegir archivo' });
    fireEvent.change(container.querySelector('input[type="file"]')!, { target: { files: [new File(['x'], 'e.csv', { type: 'text/csv' })] } });
    fireEvent.click(await screen.findByRole('button', { name: 'Importar 2 filas' }));
    expect(await screen.findByText('Importando… 1 de 2 filas')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Importación terminada' }, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('Estudiantes nuevos').nextElementSibling?.textContent).toBe('2');
    expect(polls).toBeGreaterThan(0);
  }, 20_000);
});
