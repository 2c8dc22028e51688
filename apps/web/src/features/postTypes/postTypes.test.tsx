import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { BASE, stubFetch, type StubAnswer, type StubCall } from '../../test/fetchStub';
import { es } from '@patio/core/i18n/directory/es';
import { POST_TYPE_ICONS } from '../posts';
import { POST_TYPES, signedIn } from './postTypes.fixtures';

const EDIT = 'PUT post-types/message';
const bodyOf = (call: StubCall | undefined) => JSON.parse(String(call?.init?.body));

async function open(path: string, mayEdit: boolean, routes: Record<string, StubAnswer | ((call: StubCall) => StubAnswer)> = {}) {
  const fetched = stubFetch(BASE, { 'POST allowed': { body: { [EDIT]: mayEdit } }, 'GET post-types': { body: POST_TYPES }, ...routes });
  vi.stubGlobal('fetch', fetched.fetchMock);
  const app = await renderApp({ path, session: signedIn(1) });
  return { ...app, ...fetched };
}

describe('post types', { timeout: 30_000 }, () => {
  it('lists the kinds of post and hides one with its switch (PUT {visible})', async () => {
    let types = POST_TYPES;
    const { calls } = await open('/post/types', true, {
      'GET post-types': () => ({ body: types }),
      'PUT post-types/circular': (call) => {
        types = types.map((type) => (type.type === 'circular' ? { ...type, ...bodyOf(call) } : type));
        return { body: types[1] };
      },
    });
    const list = await screen.findByRole('list', { name: 'Tipos de publicación' }, { timeout: 20_000 });
    expect(within(list).getByRole('link', { name: 'Editar Circular Circulars' }).getAttribute('href')).toBe('/post/types/circular');
    expect((within(list).getByRole('switch', { name: 'Mostrar «Encuesta»' }) as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(list).getByRole('switch', { name: 'Mostrar «Circular»' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url.slice(BASE.length), bodyOf(c)])).toEqual([['post-types/circular', { visible: false }]]));
    await waitFor(() => expect((within(list).getByRole('switch', { name: 'Mostrar «Circular»' }) as HTMLInputElement).checked).toBe(false));
  });

  it('edits the names in six languages, the icon and the colour, and sends them whole', async () => {
    const { calls } = await open('/post/types/circular', true, {
      'PUT post-types/circular': (call) => ({ body: { ...POST_TYPES[1], ...bodyOf(call) } }),
    });
    const spanish = await screen.findByRole('group', { name: 'Español (Colombia)' }, { timeout: 20_000 });
    fireEvent.change(within(spanish).getByRole('textbox', { name: 'Singular' }), { target: { value: '  Comunicado ' } });
    fireEvent.change(within(spanish).getByRole('textbox', { name: 'Plural' }), { target: { value: 'Comunicados' } });
    const german = screen.getByRole('group', { name: 'Deutsch' });
    fireEvent.change(within(german).getByRole('textbox', { name: 'Singular' }), { target: { value: 'Rundschreiben' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Megáfono' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Color' }), { target: { value: '#C92A2A' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Cambios guardados.')).toBeTruthy();
    const put = calls.filter((c) => c.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(put[0].url).toBe(`${BASE}post-types/circular`);
    expect(bodyOf(put[0])).toEqual({
      names: {
        es: { singular: 'Comunicado', plural: 'Comunicados' },
        en: { singular: 'Circular (en)', plural: 'Circulars (en)' },
        de: { singular: 'Rundschreiben', plural: 'Circulars' },
        fr: { singular: 'Circular', plural: 'Circulars' },
        it: { singular: 'Circular', plural: 'Circulars' },
        pt: { singular: 'Circular', plural: 'Circulars' },
      },
      icon: 'speakerphone',
      color: '#c92a2a',
      visible: true,
    });
  });

  it('sends nothing while a name is empty or the colour is not #rrggbb', async () => {
    const { calls } = await open('/post/types/circular', true);
    const french = await screen.findByRole('group', { name: 'Français' }, { timeout: 20_000 });
    fireEvent.change(within(french).getByRole('textbox', { name: 'Plural' }), { target: { value: '  ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Color' }), { target: { value: 'red' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Revisa los campos marcados.')).toBeTruthy();
    expect(within(french).getByText('Escribe el nombre.')).toBeTruthy();
    expect(screen.getByText('Escribe un color como #1c89b8.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('names every icon it offers in the dictionary', () => {
    expect(Object.keys(POST_TYPE_ICONS).filter((name) => !(name in es.postTypes.icons))).toEqual([]);
  });

  it('is for administrators: others are told so and nothing is offered', async () => {
    await open('/post/types', false);
    expect(await screen.findByRole('heading', { name: 'Esta sección es para administradores' }, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
