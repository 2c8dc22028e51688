import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FOLDER, makeFile, renderBlock } from '../blocks.fixtures';

// The real PhotoSwipe, watched: happy-dom lays nothing out (no sizes), so the full image never
// replaces the thumbnail placeholder here; what the viewer was given to show is read from it instead.
const viewers = vi.hoisted(() => [] as Array<{ options: { index: number; dataSource: Array<{ src: string; msrc: string; width: number; height: number; element?: HTMLElement }> } }>);
vi.mock('photoswipe', async (importOriginal) => {
  const actual = await importOriginal<typeof import('photoswipe')>();
  class WatchedPhotoSwipe extends actual.default {
    constructor(options: ConstructorParameters<typeof actual.default>[0]) {
      super(options);
      viewers.push(this as never);
    }
  }
  return { ...actual, default: WatchedPhotoSwipe };
});

const PHOTOS = Array.from({ length: 7 }, (_, i) => makeFile(40 + i, `Foto ${i + 1}`));
const PDF = makeFile(60, 'Permiso.pdf', { mimetype: 'application/pdf' });
const LIST = `GET ${FOLDER}`;

function viewport(width: number, ratio: number) {
  vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(width);
  vi.spyOn(window, 'devicePixelRatio', 'get').mockReturnValue(ratio);
}

afterEach(() => {
  viewers.length = 0;
  document.querySelector('.pswp')?.remove();
  vi.restoreAllMocks();
});

describe('files block in gallery mode', () => {
  it("shows the first five images, '+2' on the fifth, and lists the other files under them", async () => {
    await renderBlock({ block: { type: 'files', url: FOLDER, options: { gallery: 1 } }, routes: { [LIST]: { body: [...PHOTOS, PDF] } } });
    const gallery = await screen.findByRole('list', { name: 'Galería de imágenes' });
    const tiles = within(gallery).getAllByRole('button');
    expect(tiles.map((tile) => tile.getAttribute('aria-label'))).toEqual([
      'Ver Foto 1 en pantalla completa',
      'Ver Foto 2 en pantalla completa',
      'Ver Foto 3 en pantalla completa',
      'Ver Foto 4 en pantalla completa',
      'Ver Foto 5 en pantalla completa, y 2 imágenes más',
    ]);
    expect(tiles[4].textContent).toBe('+2');
    expect(tiles.slice(0, 4).every((tile) => tile.textContent === '')).toBe(true);
    expect(tiles[0].querySelector('img')?.getAttribute('src')).toBe('http://school.test/api/demo/files/40/thumbnail?expires=0&sig=s40');
    expect(within(screen.getByRole('list', { name: 'Archivos' })).getByText('Permiso.pdf')).toBeTruthy();
  });

  it('has no +N when five images or fewer', async () => {
    await renderBlock({ block: { type: 'files', url: FOLDER, options: { gallery: 1 } }, routes: { [LIST]: { body: PHOTOS.slice(0, 5) } } });
    const tiles = within(await screen.findByRole('list', { name: 'Galería de imágenes' })).getAllByRole('button');
    expect(tiles).toHaveLength(5);
    expect(tiles[4].textContent).toBe('');
  });

  it('opens the full-screen viewer at the tapped image, above everything, with the small rendition on a phone', async () => {
    viewport(390, 2);
    await renderBlock({ block: { type: 'files', url: FOLDER, options: { gallery: 1 } }, routes: { [LIST]: { body: PHOTOS } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Ver Foto 3 en pantalla completa' }));
    const viewer = await waitFor(() => {
      const element = document.querySelector<HTMLElement>('.pswp');
      if (!element) throw new Error('viewer not open');
      return element;
    });
    expect(viewer.style.zIndex).toBe('99999');
    expect(viewer.getAttribute('role')).toBe('dialog');
    expect(viewer.querySelector('.pswp__counter')?.textContent?.replace(/\s/g, '')).toBe('3/7');
    expect(viewer.querySelector('.pswp__button--close')?.getAttribute('aria-label')).toBe('Cerrar');
    // It zooms out of the tapped thumbnail: the thumbnail shows first, from the tile's own image.
    expect(viewer.querySelector('img.pswp__img--placeholder')?.getAttribute('src')).toBe('http://school.test/api/demo/files/42/thumbnail?expires=0&sig=s42');
    const [shown] = viewers;
    expect(shown.options.index).toBe(2);
    expect(shown.options.dataSource).toHaveLength(7);
    expect(shown.options.dataSource[2].element).toBe(screen.getByRole('button', { name: 'Ver Foto 3 en pantalla completa' }).querySelector('img'));
    // 390 × 2 = 780 device pixels: the preview, 8x the 96 px thumbnail (4000×3000 fitted in 768).
    expect(shown.options.dataSource[2]).toMatchObject({ src: 'http://school.test/api/demo/files/42/preview?expires=0&sig=s42', width: 768, height: 576 });
    // The images past the fifth tile are in the viewer too, without a tile to zoom from.
    expect(shown.options.dataSource[6].element).toBeUndefined();
  });

  it('uses the large rendition from 1000 device pixels up', async () => {
    viewport(1280, 1);
    await renderBlock({ block: { type: 'files', url: FOLDER, options: { gallery: 1 } }, routes: { [LIST]: { body: PHOTOS } } });
    fireEvent.click(await screen.findByRole('button', { name: 'Ver Foto 5 en pantalla completa, y 2 imágenes más' }));
    await waitFor(() => expect(viewers).toHaveLength(1));
    expect(viewers[0].options.index).toBe(4);
    // 1280 device pixels: the large rendition, 16x the thumbnail (4000×3000 fitted in 1536).
    expect(viewers[0].options.dataSource[4]).toMatchObject({ src: 'http://school.test/api/demo/files/44/large?expires=0&sig=s44', width: 1536, height: 1152 });
  });
});
