import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock } from '../blocks.fixtures';

const WATCH = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

describe('video block', () => {
  it('plays a YouTube video privacy-enhanced, 420 px high, with an accessible title', async () => {
    await renderBlock({ block: { type: 'youtube', url: WATCH } });
    const frame = await screen.findByTitle('Video de YouTube');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(frame.getAttribute('height')).toBe('420');
  });

  it('embeds Vimeo without tracking', async () => {
    await renderBlock({ block: { type: 'youtube', url: 'https://vimeo.com/76979871' } });
    expect((await screen.findByTitle('Video de Vimeo')).getAttribute('src')).toBe('https://player.vimeo.com/video/76979871?dnt=1');
  });

  it('never embeds an address that is not a video', async () => {
    const { container } = await renderBlock({ block: { type: 'youtube', url: 'https://evil.example/watch?v=dQw4w9WgXcQ' } });
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('link').getAttribute('href')).toBe('https://evil.example/watch?v=dQw4w9WgXcQ');
  });

  it('keeps Accept disabled and warns until the address is a video, then saves it and closes', async () => {
    const { onChange, onClose } = await renderBlock({ block: { type: 'youtube', url: null }, mode: 'edit' });
    const input = screen.getByRole('textbox', { name: 'Dirección del video (YouTube o Vimeo)' });
    const accept = screen.getByRole('button', { name: 'Aceptar' });
    expect(accept.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByText('Esta no es una dirección de video válida')).toBeNull();

    fireEvent.change(input, { target: { value: 'https://youtu.be/short' } });
    expect(screen.getByText('Esta no es una dirección de video válida')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(accept.hasAttribute('disabled')).toBe(true);
    fireEvent.click(accept);
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: `  ${WATCH} ` } });
    expect(screen.queryByText('Esta no es una dirección de video válida')).toBeNull();
    expect(accept.hasAttribute('disabled')).toBe(false);
    fireEvent.click(accept);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ url: WATCH }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('Cancel removes a block that never had a video', async () => {
    const { onRemove, onClose, onChange } = await renderBlock({ block: { type: 'youtube', url: null }, mode: 'edit' });
    fireEvent.change(screen.getByRole('textbox', { name: /Dirección del video/ }), { target: { value: WATCH } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('Cancel keeps the previous video and closes the editor', async () => {
    const { onRemove, onClose, onChange } = await renderBlock({ block: { type: 'youtube', url: WATCH }, mode: 'edit' });
    const input = screen.getByRole('textbox', { name: /Dirección del video/ }) as HTMLInputElement;
    expect(input.value).toBe(WATCH);
    fireEvent.change(input, { target: { value: 'https://vimeo.com/76979871' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onRemove).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });
});
