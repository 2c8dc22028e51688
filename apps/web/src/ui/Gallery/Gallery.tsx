import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GALLERY_VISIBLE_FILES } from '@patio/core/constants';
import { openImageViewer, type ViewerImage } from './imageViewer';
import classes from './Gallery.module.css';

export interface GalleryImage extends ViewerImage {
  key: string | number;
}

export interface GalleryProps {
  images: readonly GalleryImage[];
  /** Accessible name of the gallery. */
  label: string;
  /** Tiles shown before the rest are grouped behind '+N' (spec §9: 5). */
  visible?: number;
}

/**
 * Spec §2 image gallery and §4 files block in gallery mode: the first five images as tiles, '+N' on
 * the fifth for the ones hidden; any tile opens the full-screen viewer at that image, all of them inside.
 */
export function Gallery({ images, label, visible = GALLERY_VISIBLE_FILES }: GalleryProps) {
  const { t } = useTranslation();
  const tiles = useRef<(HTMLElement | null)[]>([]);
  const [problem, setProblem] = useState(false);
  const shown = images.slice(0, visible);
  const hidden = images.length - shown.length;

  const open = (index: number) => {
    setProblem(false);
    openImageViewer({
      images,
      index,
      thumbnails: images.map((_, i) => tiles.current[i] ?? null),
      texts: {
        close: t('blocks.gallery.close'),
        zoom: t('blocks.gallery.zoom'),
        previous: t('blocks.gallery.previous'),
        next: t('blocks.gallery.next'),
        error: t('blocks.gallery.error'),
      },
    }).catch(() => setProblem(true));
  };

  return (
    <div className={classes.gallery}>
      <ul className={classes.grid} aria-label={label} data-count={shown.length}>
        {shown.map((image, index) => {
          const more = index === shown.length - 1 && hidden > 0 ? hidden : 0;
          return (
            <li key={image.key} className={classes.tile}>
              <button
                type="button"
                className={classes.button}
                onClick={() => open(index)}
                aria-label={more > 0 ? t('blocks.gallery.openMore', { name: image.title, count: more }) : t('blocks.gallery.open', { name: image.title })}
              >
                <img
                  ref={(element) => {
                    tiles.current[index] = element;
                  }}
                  src={image.thumbnail}
                  alt=""
                  className={classes.image}
                  loading="lazy"
                  decoding="async"
                />
                {more > 0 && (
                  <span className={classes.more} aria-hidden="true">
                    +{more}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {problem && (
        <p role="alert" className={classes.problem}>
          {t('blocks.gallery.error')}
        </p>
      )}
    </div>
  );
}
