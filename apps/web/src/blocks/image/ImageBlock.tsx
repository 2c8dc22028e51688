import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';
import { useLoadableAddress } from '../uploads/address';
import type { BlockViewProps } from '../types';
import { altOf } from './imageOptions';
import classes from './image.module.css';

const ImageEditor = lazy(() => import('./ImageEditor').then((m) => ({ default: m.ImageEditor })));

/** The image block: a picture with its description for screen readers; its author picks or uploads it. */
export function ImageBlock(props: BlockViewProps) {
  const load = useLoadableAddress();
  if (props.mode === 'edit') {
    return (
      <Suspense fallback={<Loader size="xs" />}>
        <ImageEditor {...props} />
      </Suspense>
    );
  }
  // Another site's picture through the server's /proxy/ (the server signs it), never straight from that site.
  const src = load(props.block.proxiedUrl ?? props.block.url);
  if (!src) return null;
  return (
    <figure className={classes.figure}>
      <img src={src} alt={altOf(props.block.options)} className={classes.image} loading="lazy" decoding="async" />
    </figure>
  );
}
