import type PhotoSwipe from 'photoswipe';
import { GALLERY_Z_INDEX, IMAGE_VIEWER_IDLE_MS, IMAGE_VIEWER_LEAVE_IDLE_MS, IMAGE_VIEWER_LOADING_DELAY_MS } from '@patio/core/constants';
import { fitInBox, renditionBox, renditionFor } from './imageSize';
import { watchViewerIdle } from './viewerIdle';

/** An image the viewer can show: signed addresses of its renditions and its original size. */
export interface ViewerImage {
  title: string;
  thumbnail: string;
  preview: string;
  large: string;
  width: number | null;
  height: number | null;
}

export interface ViewerTexts {
  close: string;
  zoom: string;
  previous: string;
  next: string;
  error: string;
}

export interface OpenViewerOptions {
  images: readonly ViewerImage[];
  index: number;
  /** The thumbnail each image opens from (the viewer zooms out of it and back into it); null when hidden. */
  thumbnails: readonly (HTMLElement | null)[];
  texts: ViewerTexts;
}

/**
 * Opens PhotoSwipe full screen over the page (spec §2 image gallery, §9): zoom from the clicked
 * thumbnail, the rendition that suits this screen, z-index 99999, idle controls, a loading indicator
 * after 1 s. PhotoSwipe and its sheet load only now, on the first opening.
 */
export async function openImageViewer({ images, index, thumbnails, texts }: OpenViewerOptions): Promise<PhotoSwipe> {
  const [{ default: PhotoSwipeViewer }] = await Promise.all([import('photoswipe'), import('photoswipe/style.css')]);
  const rendition = renditionFor(window.innerWidth * (window.devicePixelRatio || 1));
  const box = renditionBox(rendition);
  const viewer = new PhotoSwipeViewer({
    dataSource: images.map((image, i) => ({
      src: image[rendition],
      ...fitInBox(image.width, image.height, box),
      msrc: image.thumbnail,
      alt: image.title,
      element: thumbnails[i] ?? undefined,
      // Thumbnails are square crops (object-fit: cover): the zoom starts from the visible part.
      thumbCropped: true,
    })),
    index,
    showHideAnimationType: 'zoom',
    preloaderDelay: IMAGE_VIEWER_LOADING_DELAY_MS,
    closeTitle: texts.close,
    zoomTitle: texts.zoom,
    arrowPrevTitle: texts.previous,
    arrowNextTitle: texts.next,
    errorMsg: texts.error,
  });
  let stopIdle: (() => void) | null = null;
  viewer.on('firstUpdate', () => {
    if (viewer.element) viewer.element.style.zIndex = String(GALLERY_Z_INDEX);
  });
  viewer.on('bindEvents', () => {
    if (viewer.element) stopIdle = watchViewerIdle(viewer.element, { idleMs: IMAGE_VIEWER_IDLE_MS, leaveIdleMs: IMAGE_VIEWER_LEAVE_IDLE_MS });
  });
  viewer.on('destroy', () => stopIdle?.());
  viewer.init();
  return viewer;
}
