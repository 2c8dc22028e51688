import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, callsTo, makeFile, ME, renderBlock } from '../blocks.fixtures';
import { FakeXhr } from '../files/files.fixtures';
import { BASE } from '../../test/fetchStub';

const MEDIA = { id: 90, body: '<p>Queridas familias</p><script>window.hacked = true</script>' };

describe('html block', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  it('shows its html sanitised again in the browser', async () => {
    const { container } = await renderBlock({ block: { type: 'html', url: 'media/html/90' }, routes: { 'GET media/html/90': { body: MEDIA } } });
    expect(await screen.findByText('Queridas familias')).toBeTruthy();
    expect(container.querySelector('script')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('asks nothing for a url that is not an html item', async () => {
    const { calls } = await renderBlock({ block: { type: 'html', url: 'media/html/90/../../people/3' } });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls.filter((c) => c.url.includes('media') || c.url.includes('people/3'))).toEqual([]);
  });

  it("uploads an editor image to the person's folder and saves the html once, after the last edit", async () => {
    const uploaded = makeFile(70, 'pizarra.jpg', { endpoint: `people/${ME}/uploads` });
    const { calls } = await renderBlock({
      block: { type: 'html', url: 'media/html/90' },
      mode: 'edit',
      routes: { 'GET media/html/90': { body: { id: 90, body: '<p>Hola</p>' } }, 'PUT media/html/90': (call) => ({ body: { id: 90, body: (bodyOf(call) as { body: string }).body } }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Imagen' }));
    await screen.findByRole('textbox', { name: 'Dirección de la imagen' });
    const input = document.querySelector('input[type="file"][accept="image/*"]') as HTMLInputElement;
    Object.defineProperty(input, 'files', { configurable: true, value: [new File(['x'], 'pizarra.jpg', { type: 'image/jpeg' })] });
    fireEvent.change(input);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].url).toBe(`${BASE}people/${ME}/uploads`);
    expect((FakeXhr.sent[0].body?.get('file') as File).name).toBe('pizarra.jpg');
    act(() => FakeXhr.sent[0].respond(201, [uploaded]));
    expect(callsTo(calls, 'PUT', 'media/html/90')).toHaveLength(0);
    await waitFor(() => expect(callsTo(calls, 'PUT', 'media/html/90')).toHaveLength(1));
    expect((bodyOf(callsTo(calls, 'PUT', 'media/html/90')[0]) as { body: string }).body).toContain(`<img src="${uploaded.url.replace(/&/g, '&amp;')}"`);
    expect(await screen.findByText('Texto guardado')).toBeTruthy();
  });

  it("says 'Error subiendo archivo' when the editor image cannot be uploaded", async () => {
    await renderBlock({ block: { type: 'html', url: 'media/html/90' }, mode: 'edit', routes: { 'GET media/html/90': { body: { id: 90, body: '' } } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Imagen' }));
    await screen.findByRole('textbox', { name: 'Dirección de la imagen' });
    const input = document.querySelector('input[type="file"][accept="image/*"]') as HTMLInputElement;
    Object.defineProperty(input, 'files', { configurable: true, value: [new File(['x'], 'a.jpg', { type: 'image/jpeg' })] });
    fireEvent.change(input);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0].fail());
    expect((await screen.findByRole('alert')).textContent).toBe('Error subiendo archivo');
  });
});
