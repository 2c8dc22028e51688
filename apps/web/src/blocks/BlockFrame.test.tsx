import { StrictMode } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BlockFrame } from './BlockFrame';
import { callsTo, renderBlock } from './blocks.fixtures';

describe('block frame', () => {
  it('creates a new block’s html item once, however often the block is shown (strict mode, two lists)', async () => {
    const { calls, onChange } = await renderBlock({
      block: { type: 'html', url: null },
      routes: { 'POST media/html': { status: 201, body: { id: 90, body: '' } } },
      element: (props) => (
        <StrictMode>
          <BlockFrame block={props.block} postId={props.postId} onChange={props.onChange} onRemove={async () => undefined} />
          <BlockFrame block={props.block} postId={props.postId} onChange={props.onChange} onRemove={async () => undefined} />
        </StrictMode>
      ),
    });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ url: 'media/html/90' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(callsTo(calls, 'POST', 'media/html')).toHaveLength(1);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('switches between read and edit, and says what to do with a block that shows nothing yet', async () => {
    await renderBlock({
      block: { type: 'youtube', url: null },
      element: (props) => <BlockFrame block={props.block} postId={props.postId} onChange={props.onChange} onRemove={async () => undefined} />,
    });
    expect(screen.getByText('Este bloque todavía está vacío. Edítalo para elegir qué muestra.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Editar Video' }));
    expect(screen.getByRole('textbox', { name: /Dirección del video/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Terminar de editar Video$/ }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /Dirección del video/ })).toBeNull());
  });

  it('issue 33 item 2: "Done" never drops a typed address: a bad one keeps the editor open on it, a good one is saved', async () => {
    const { onChange } = await renderBlock({
      block: { type: 'youtube', url: null },
      element: (props) => <BlockFrame block={props.block} postId={props.postId} onChange={props.onChange} onRemove={async () => undefined} initialMode="edit" />,
    });
    const address = screen.getByRole('textbox', { name: /Dirección del video/ });
    fireEvent.change(address, { target: { value: 'https://example.org/visita' } });
    fireEvent.click(screen.getByRole('button', { name: /Terminar de editar Video$/ }));
    await waitFor(() => expect(document.activeElement).toBe(address));
    expect((screen.getByRole('textbox', { name: /Dirección del video/ }) as HTMLInputElement).value).toBe('https://example.org/visita');
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(address, { target: { value: 'https://youtu.be/dQw4w9WgXcQ' } });
    fireEvent.click(screen.getByRole('button', { name: /Terminar de editar Video$/ }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ url: 'https://youtu.be/dQw4w9WgXcQ' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /Dirección del video/ })).toBeNull());
  });

  it('keeps the block and says so when the server refuses to delete it', async () => {
    const onRemove = vi.fn(() => Promise.reject(new TypeError('offline')));
    await renderBlock({
      block: { type: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ' },
      element: (props) => <BlockFrame block={props.block} postId={props.postId} onChange={props.onChange} onRemove={onRemove} />,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Video' }));
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/No pudimos conectarnos/);
    expect(onRemove).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Eliminar Video' })).toBeTruthy();
  });
});
