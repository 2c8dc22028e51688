import { lazy, Suspense } from 'react';
import type { SetupMapProps } from './SetupMap';

// Leaflet comes in its own chunk, as on the other transport screens.
const SetupMap = lazy(() => import('./SetupMap').then((m) => ({ default: m.SetupMap })));

/** The setup map, loaded on first use; until then, a plain box of the same size. */
export function LazySetupMap(props: SetupMapProps) {
  return (
    <Suspense fallback={<div style={{ height: 'min(60vh, 480px)', minHeight: 280, borderRadius: 12, background: '#f1f3f5' }} />}>
      <SetupMap {...props} />
    </Suspense>
  );
}
