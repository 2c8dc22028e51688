import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderBlock } from '../blocks.fixtures';

const DOC = 'https://docs.google.com/document/d/1AbCdEfGhIjKlMnOpQrStUvWxYz/edit?usp=sharing';
const EMBED = 'https://docs.google.com/document/d/1AbCdEfGhIjKlMnOpQrStUvWxYz/preview';

describe('drive-document block', () => {
  it('embeds a document that has a viewer, with a title and a link that opens it', async () => {
    await renderBlock({ block: { type: 'googleDocument', url: EMBED } });
    const frame = await screen.findByTitle('Documento compartido');
    expect(frame.getAttribute('src')).toBe(EMBED);
    const open = screen.getByRole('link', { name: 'Abrir el documento' });
    expect(open.getAttribute('href')).toBe(EMBED);
    expect(open.getAttribute('rel')).toContain('noopener');
  });

  it('shows a link card for a document without a viewer', async () => {
    const folder = 'https://drive.google.com/drive/folders/1AbCdEfGhIjKlMnOp';
    const { container } = await renderBlock({ block: { type: 'googleDocument', url: folder } });
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('link', { name: 'Abrir el documento' }).getAttribute('href')).toBe(folder);
  });

  it('shows nothing for an address that is not a drive document', async () => {
    const { container } = await renderBlock({ block: { type: 'googleDocument', url: 'https://evil.example/document/d/1AbCdEfGhIjKlMnOp' } });
    expect(container.querySelector('iframe, a')).toBeNull();
  });

  it('saves the embed address of the picked document, and the plain link when there is none', async () => {
    const { onChange, onClose } = await renderBlock({ block: { type: 'googleDocument', url: null }, mode: 'edit' });
    const input = screen.getByRole('textbox', { name: 'Enlace del documento' });
    const accept = screen.getByRole('button', { name: 'Aceptar' });
    fireEvent.change(input, { target: { value: 'https://example.com/doc' } });
    expect(screen.getByText('Pega un enlace de Google Drive, Google Docs u OneDrive.')).toBeTruthy();
    expect(accept.hasAttribute('disabled')).toBe(true);
    fireEvent.change(input, { target: { value: DOC } });
    fireEvent.click(accept);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ url: EMBED }));
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps a OneDrive short link as it is', async () => {
    const { onChange } = await renderBlock({ block: { type: 'googleDocument', url: null }, mode: 'edit' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Enlace del documento' }), { target: { value: 'https://1drv.ms/w/s!AbCdEf123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ url: 'https://1drv.ms/w/s!AbCdEf123' }));
  });

  it('Cancel removes a block without a link, and only closes one that has it', async () => {
    const empty = await renderBlock({ block: { type: 'googleDocument', url: null }, mode: 'edit' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(empty.onRemove).toHaveBeenCalledTimes(1);
    empty.unmount();

    const linked = await renderBlock({ block: { type: 'googleDocument', url: EMBED }, mode: 'edit' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(linked.onRemove).not.toHaveBeenCalled();
    expect(linked.onClose).toHaveBeenCalledTimes(1);
  });
});
