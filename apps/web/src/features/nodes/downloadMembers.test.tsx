import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validToken } from '../../test/makeToken';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch } from '../../test/fetchStub';
import { fileNameOf } from '../../app/api/downloadWithToken';

const signedIn = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(1) });
const routes = (csv: { status: number; body: unknown }) => ({
  'POST allowed': { body: { people: true } },
  'GET nodes': { body: { types: [{ id: 1, key: 'class', singular: { es: 'Curso' }, plural: { es: 'Cursos' } }], nodes: [] } },
  'GET nodes/7': { body: { id: 7, parentId: null, typeId: 1, typeKey: 'class', name: '7A', position: 0, memberCount: 0, path: [] } },
  'GET nodes/7/members.csv?lang=es': { ...csv, headers: { 'Content-Disposition': `attachment; filename="7A.csv"; filename*=UTF-8''7A%20Ni%C3%B1os.csv` } },
  'GET nodes/7/members.csv?lang=es&format=xlsx': { ...csv, headers: { 'Content-Disposition': `attachment; filename="7A.xlsx"; filename*=UTF-8''7A%20Ni%C3%B1os.xlsx` } },
});

// jsdom has no object URLs: the test puts stand-ins in place and restores whatever was there.
const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

describe('node people: download CSV', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    URL.createObjectURL = objectUrls.create;
    URL.revokeObjectURL = objectUrls.revoke;
  });

  it('item 19: downloads the members as CSV with the bearer token and saves it under the server’s file name', async () => {
    const { fetchMock, calls } = stubFetch(BASE, routes({ status: 200, body: 'Nombres;Primer apellido' }));
    vi.stubGlobal('fetch', fetchMock);
    const createObjectURL = vi.fn(() => 'blob:members');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await renderApp({ path: '/nodes/7/people', session: signedIn() });
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar CSV' }));
    await waitFor(() => expect(saved).toEqual(['7A Niños.csv']));
    const request = calls.find((c) => c.url.includes('members.csv'));
    expect(new Headers(request?.init?.headers).get('Authorization')).toMatch(/^Bearer /);
    expect(createObjectURL).toHaveBeenCalledOnce();
    click.mockRestore();
  }, 20_000);

  it('item 3: offers the members as Excel (XLSX) too, in the interface language', async () => {
    const { fetchMock, calls } = stubFetch(BASE, routes({ status: 200, body: 'PK' }));
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:members');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await renderApp({ path: '/nodes/7/people', session: signedIn() });
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar Excel (XLSX)' }));
    await waitFor(() => expect(saved).toEqual(['7A Niños.xlsx']));
    expect(calls.find((c) => c.url.includes('members.csv'))?.url).toBe(`${BASE}nodes/7/members.csv?lang=es&format=xlsx`);
    click.mockRestore();
  }, 20_000);

  it('item 19: says so when the download is refused', async () => {
    const { fetchMock } = stubFetch(BASE, routes({ status: 403, body: { error: 'forbidden', message: 'No' } }));
    vi.stubGlobal('fetch', fetchMock);
    await renderApp({ path: '/nodes/7/people', session: signedIn() });
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar CSV' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'No pudimos descargar el archivo. Inténtalo de nuevo.');
  }, 20_000);

  it('reads the UTF-8 file name first and falls back to the plain one', () => {
    expect(fileNameOf(`attachment; filename="a.csv"; filename*=UTF-8''Ni%C3%B1os.csv`, 'x.csv')).toBe('Niños.csv');
    expect(fileNameOf('attachment; filename="a.csv"', 'x.csv')).toBe('a.csv');
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv');
  });
});
