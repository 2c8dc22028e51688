import { lazy, Suspense } from 'react';
import type { TransportMapProps } from './TransportMap';

// Leaflet is the largest piece of these screens: it comes in its own chunk, fetched when a map shows.
const TransportMap = lazy(() => import('./TransportMap').then((m) => ({ default: m.TransportMap })));

/** The transport map, loaded on first use; until then, a plain box of the same size. */
export function LazyTransportMap(props: TransportMapProps) {
  const height = props.size === 'small' ? 220 : 'min(60vh, 480px)';
  return (
    <Suspense fallback={<div style={{ height, minHeight: props.size === 'small' ? undefined : 280, borderRadius: 12, background: '#f1f3f5' }} />}>
      <TransportMap {...props} />
    </Suspense>
  );
}
