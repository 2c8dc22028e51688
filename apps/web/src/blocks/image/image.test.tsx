import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeFile, ME, renderBlock } from '../blocks.fixtures';
import { FakeXhr } from '../files/files.fixtures';
import { BASE } from '../../test/fetchStub';

const SIGNED = '/api/demo/files/70/preview?expires=0&sig=s70';

function pickImage(name = 'mapa.png') {
  const input = document.querySelector('input[type="file"][accept="image/*"]') as HTMLInputElement;
  Object.defineProperty(input, 'files', { configurable: true, value: [new File(['x'], name, { type: 'image/png' })] });
  fireEvent.change(input);
}

describe('image block', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  it('shows the picture from its signed address with its description', async () => {
    await renderBlock({ block: { type: 'image', url: SIGNED, options: { alt: 'Mapa de la salida' } } });
    const image = screen.getByRole('img', { name: 'Mapa de la salida' });
    expect(image.getAttribute('src')).toBe(`http://school.test${SIGNED}`);
  });

  it("item 8: shows another site's picture from the server's signed /proxy/ address, never from that site", async () => {
    const proxied = '/proxy/?url=https%3A%2F%2Ffotos.example%2Fsalida.jpg&sig=abc';
    await renderBlock({ block: { type: 'image', url: 'https://fotos.example/salida.jpg', proxiedUrl: proxied, options: { alt: 'Salida' } } });
    expect(screen.getByRole('img', { name: 'Salida' }).getAttribute('src')).toBe(`http://school.test${proxied}`);
  });

  it('never shows a script address', async () => {
    const { container } = await renderBlock({ block: { type: 'image', url: 'javascript:alert(1)' } });
    expect(container.querySelector('img')).toBeNull();
  });

  it("uploads the picked image to the person's folder and keeps its preview address", async () => {
    const { onChange } = await renderBlock({ block: { type: 'image', url: null }, mode: 'edit' });
    fireEvent.click(await screen.findByRole('button', { name: 'Elegir una imagen' }));
    pickImage();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].url).toBe(`${BASE}people/${ME}/uploads`);
    act(() => FakeXhr.sent[0].progress(50, 100));
    expect((await screen.findByRole('progressbar', { name: 'Subiendo la imagen' })).getAttribute('aria-valuenow')).toBe('50');
    act(() => FakeXhr.sent[0].respond(201, [makeFile(70, 'mapa.png', { endpoint: `people/${ME}/uploads` })]));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ url: SIGNED }));
  });

  it("says 'Error subiendo archivo' when the upload fails", async () => {
    const { onChange } = await renderBlock({ block: { type: 'image', url: null }, mode: 'edit' });
    await screen.findByRole('button', { name: 'Elegir una imagen' });
    pickImage();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0].respond(413, { error: 'file_too_large', message: 'Too large' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error subiendo archivo');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('saves the description 500 ms after the last keystroke, trimmed, keeping the other options', async () => {
    const { onChange } = await renderBlock({ block: { type: 'image', url: SIGNED, options: { alt: '', width: 'wide' } }, mode: 'edit' });
    const alt = await screen.findByRole('textbox', { name: /Descripción de la imagen/ });
    vi.useFakeTimers();
    try {
      fireEvent.change(alt, { target: { value: 'Mapa' } });
      await act(() => vi.advanceTimersByTimeAsync(300));
      fireEvent.change(alt, { target: { value: 'Mapa de la salida ' } });
      await act(() => vi.advanceTimersByTimeAsync(499));
      expect(onChange).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(onChange).toHaveBeenCalledTimes(1);
      expect(onChange).toHaveBeenCalledWith({ options: { alt: 'Mapa de la salida', width: 'wide' } });
    } finally {
      vi.useRealTimers();
    }
  });
});
