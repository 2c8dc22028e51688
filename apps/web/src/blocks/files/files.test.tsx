import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, callsTo, FOLDER, makeFile, renderBlock } from '../blocks.fixtures';
import { BASE } from '../../test/fetchStub';
import { FakeXhr } from './files.fixtures';

const LIST = `GET ${FOLDER}`;
const PDF = makeFile(31, 'Circular.pdf', { mimetype: 'application/pdf', size: 250 * 1024 });
const PHOTO = makeFile(32, 'Salida.jpg');

/** Picks files in an <input type=file> as the browser does. */
function pick(input: HTMLElement, files: File[]) {
  Object.defineProperty(input, 'files', { configurable: true, value: files });
  fireEvent.change(input);
}

/** The drop zone's own file input (the zone, a button named 'tap here to upload files', opens it). */
function dropInput(): HTMLInputElement {
  const zone = screen.getByRole('button', { name: /^Toca aquí para subir archivos/ });
  return zone.querySelector('input[type="file"][multiple]') as HTMLInputElement;
}

describe('files block, read', () => {
  it('lists the files with a thumbnail or an icon, their size, and a download each', async () => {
    await renderBlock({ block: { type: 'files', url: FOLDER }, routes: { [LIST]: { body: [PDF, PHOTO] } } });
    const list = await screen.findByRole('list', { name: 'Archivos' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Circular.pdf250,0 KB', 'Salida.jpg1,5 MB']);
    expect(rows[0].querySelector('img')).toBeNull();
    expect(rows[0].querySelector('svg[data-kind="pdf"]')).not.toBeNull();
    expect(rows[1].querySelector('img')?.getAttribute('src')).toBe('http://school.test/api/demo/files/32/thumbnail?expires=0&sig=s32');
    expect(within(list).getByRole('button', { name: 'Descargar Circular.pdf' })).toBeTruthy();
  });

  it('asks nothing for a url that is not a files folder of this post', async () => {
    const { calls } = await renderBlock({ block: { type: 'files', url: 'posts/99/resources/files/block-1' } });
    const other = await renderBlock({ block: { type: 'files', url: 'people/3/uploads' } });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect([...calls, ...other.calls].filter((c) => c.url.includes('resources') || c.url.includes('uploads'))).toEqual([]);
  });

  it('downloads through a progress dialog, then hands the file to the browser', async () => {
    const saved = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: saved.mockReturnValue('blob:x'), revokeObjectURL: vi.fn() }));
    const download = `http://school.test/api/demo/files/31/original?expires=0&sig=s31&download=1`;
    let release!: () => void;
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new Uint8Array(100));
        await new Promise<void>((resolve) => (release = resolve));
        controller.enqueue(new Uint8Array(100));
        controller.close();
      },
    });
    const { calls } = await renderBlock({
      block: { type: 'files', url: FOLDER },
      routes: { [LIST]: { body: [PDF] } },
      external: { [download]: () => new Response(body, { headers: { 'Content-Length': '200', 'Content-Type': 'application/pdf' } }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar Circular.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: 'Descargando Circular.pdf' });
    await waitFor(() => expect(within(dialog).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50'));
    // A signed address carries its own right: no token goes with it.
    expect(new Headers(calls.find((c) => c.url === download)?.init?.headers).has('Authorization')).toBe(false);
    release();
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect((saved.mock.calls[0][0] as Blob).size).toBe(200);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("says 'Error downloading a file' when the download fails", async () => {
    const download = `http://school.test/api/demo/files/31/original?expires=0&sig=s31&download=1`;
    await renderBlock({
      block: { type: 'files', url: FOLDER },
      routes: { [LIST]: { body: [PDF] } },
      external: { [download]: () => new Response('{"error":"expired"}', { status: 403 }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Descargar Circular.pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error al descargar un archivo');
    const dialog = screen.getByRole('dialog', { name: 'Descargando Circular.pdf' });
    // The dialog's own Close at its foot (the cross in its header says the same).
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('files block, folder view (edit)', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.useRealTimers());

  it("uploads from the 'tap here to upload files' zone with a real progress bar, then reloads the list", async () => {
    let listed = [PDF];
    const { calls } = await renderBlock({ block: { type: 'files', url: FOLDER }, mode: 'edit', routes: { [LIST]: () => ({ body: listed }) } });
    await screen.findByRole('button', { name: 'Cambiar el nombre de Circular.pdf' });
    const file = new File(['x'.repeat(1000)], 'Acta.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    pick(dropInput(), [file]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0];
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`${BASE}${FOLDER}`);
    expect(xhr.headers.Authorization).toMatch(/^Bearer /);
    expect(xhr.timeout).toBe(1_200_000);
    expect((xhr.body?.get('file') as File).name).toBe('Acta.docx');

    act(() => xhr.progress(420, 1000));
    const bar = await screen.findByRole('progressbar', { name: 'Subiendo 1 archivo' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    listed = [PDF, makeFile(33, 'Acta.docx', { mimetype: file.type, size: 1000 })];
    act(() => xhr.respond(201, [listed[1]]));
    expect(await screen.findByRole('button', { name: 'Cambiar el nombre de Acta.docx' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(callsTo(calls, 'GET', FOLDER)).toHaveLength(2);
  });

  it("shows 'error uploading file' with Close when the upload fails", async () => {
    await renderBlock({ block: { type: 'files', url: FOLDER }, mode: 'edit', routes: { [LIST]: { body: [] } } });
    await screen.findByText('Todavía no hay archivos. Sube el primero.');
    pick(dropInput(), [new File(['x'], 'a.txt', { type: 'text/plain' })]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => FakeXhr.sent[0].respond(500, { error: 'storage_failed', message: 'Storage failed' }));
    const snackbar = await screen.findByRole('alert');
    expect(snackbar.textContent).toContain('Error al subir el archivo');
    fireEvent.click(within(snackbar).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('never sends a file over 512 MB, and says so', async () => {
    await renderBlock({ block: { type: 'files', url: FOLDER }, mode: 'edit', routes: { [LIST]: { body: [] } } });
    await screen.findByText('Todavía no hay archivos. Sube el primero.');
    const huge = new File(['x'], 'video.mp4', { type: 'video/mp4' });
    Object.defineProperty(huge, 'size', { value: 512 * 1024 * 1024 + 1 });
    pick(dropInput(), [huge]);
    expect((await screen.findByRole('alert')).textContent).toContain('Error al subir el archivo');
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('sends a photo taken with the camera in the cameraFile field', async () => {
    await renderBlock({ block: { type: 'files', url: FOLDER }, mode: 'edit', routes: { [LIST]: { body: [] } } });
    await screen.findByText('Todavía no hay archivos. Sube el primero.');
    const camera = document.querySelector('input[type="file"][capture]') as HTMLInputElement;
    expect(camera.getAttribute('accept')).toBe('image/*');
    pick(camera, [new File(['x'], 'foto.jpg', { type: 'image/jpeg' })]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect((FakeXhr.sent[0].body?.get('cameraFile') as File).name).toBe('foto.jpg');
    expect(FakeXhr.sent[0].body?.get('file')).toBeNull();
  });

  it('renames with the title trimmed; a blank or unchanged title sends nothing', async () => {
    const { calls } = await renderBlock({
      block: { type: 'files', url: FOLDER },
      mode: 'edit',
      routes: { [LIST]: { body: [PDF] }, [`PUT ${FOLDER}/31`]: (call) => ({ body: { ...PDF, ...(bodyOf(call) as object) } }) },
    });
    const rename = async (typed: string) => {
      fireEvent.click(await screen.findByRole('button', { name: 'Cambiar el nombre de Circular.pdf' }));
      const dialog = await screen.findByRole('dialog', { name: 'Cambiar el nombre del archivo' });
      fireEvent.change(within(dialog).getByRole('textbox', { name: 'Nombre del archivo' }), { target: { value: typed } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    await rename('   ');
    await rename(' Circular.pdf ');
    expect(callsTo(calls, 'PUT', `${FOLDER}/31`)).toHaveLength(0);
    await rename('  Circular de marzo ');
    expect(callsTo(calls, 'PUT', `${FOLDER}/31`).map(bodyOf)).toEqual([{ title: 'Circular de marzo' }]);
  });

  it('asks confirm.deleteFile before a soft delete, then reloads the list', async () => {
    let listed = [PDF, PHOTO];
    const { calls } = await renderBlock({
      block: { type: 'files', url: FOLDER },
      mode: 'edit',
      routes: { [LIST]: () => ({ body: listed }), [`PUT ${FOLDER}/31`]: () => ((listed = [PHOTO]), { body: { ...PDF, deleteDate: '2026-03-02T10:00:00.000Z' } }) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar Circular.pdf' }));
    let dialog = await screen.findByRole('dialog', { name: 'Eliminar Circular.pdf' });
    expect(within(dialog).getByText('¿Seguro que quieres eliminar este archivo?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(calls, 'PUT', `${FOLDER}/31`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Circular.pdf' }));
    dialog = await screen.findByRole('dialog', { name: 'Eliminar Circular.pdf' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Eliminar Circular.pdf' })).toBeNull());
    expect(callsTo(calls, 'PUT', `${FOLDER}/31`).map(bodyOf)).toEqual([{ deleteDate: 1 }]);
    expect(callsTo(calls, 'GET', FOLDER)).toHaveLength(2);
  });

  it('switches gallery mode on as options.gallery = 1 and off by removing it', async () => {
    const on = await renderBlock({ block: { type: 'files', url: FOLDER, options: { other: 'x' } }, mode: 'edit', routes: { [LIST]: { body: [] } } });
    fireEvent.click(await screen.findByRole('switch', { name: 'Mostrar como galería' }));
    await waitFor(() => expect(on.onChange).toHaveBeenCalledWith({ options: { other: 'x', gallery: 1 } }));
    on.unmount();
    const off = await renderBlock({ block: { type: 'files', url: FOLDER, options: { gallery: 1 } }, mode: 'edit', routes: { [LIST]: { body: [] } } });
    fireEvent.click(await screen.findByRole('switch', { name: 'Mostrar como galería' }));
    await waitFor(() => expect(off.onChange).toHaveBeenCalledWith({ options: {} }));
  });
});
