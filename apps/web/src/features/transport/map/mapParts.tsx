import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TileLayer, useMap } from 'react-leaflet';
import { latLngBounds, type LatLngTuple } from 'leaflet';
import DOMPurify from 'dompurify';
import type { MapTiles } from './mapTiles';
import classes from './TransportMap.module.css';

// The pieces every transport map is made of (the live map, the route setup map): the school's tiles
// with a plain background when they fail, a name for screen readers and the framing of a route.

/** Somewhere to look when there is nothing to show yet (a route without stops): Bogotá. */
export const WORLD: LatLngTuple = [4.65, -74.08];

/** Whether the tiles failed: only while no tile at all has loaded, as a few missing tiles leave the streets readable. */
export function useTilesFailed() {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const tileHandlers = useMemo(
    () => ({ tileerror: () => setState((current) => (current === 'loaded' ? current : 'failed')), tileload: () => setState('loaded') }),
    [],
  );
  return { tilesFailed: state === 'failed', tileHandlers };
}

/** The school's tile layer; Leaflet shows the attribution as HTML, so only links survive. */
export function SchoolTileLayer({ tiles, eventHandlers }: { tiles: MapTiles; eventHandlers: ReturnType<typeof useTilesFailed>['tileHandlers'] }) {
  const attribution = useMemo(() => DOMPurify.sanitize(tiles.attribution, { ALLOWED_TAGS: ['a'], ALLOWED_ATTR: ['href'] }), [tiles.attribution]);
  return <TileLayer url={tiles.url} attribution={attribution} eventHandlers={eventHandlers} />;
}

/** Says why the streets are missing when the tiles failed; until then, for screen readers, where the same information is as text. */
export function MapNote({ id, tilesFailed }: { id: string; tilesFailed: boolean }) {
  const { t } = useTranslation();
  return (
    <p id={id} className={tilesFailed ? classes.tilesNote : classes.visuallyHidden}>
      {tilesFailed ? t('transport.map.tilesFailed') : t('transport.map.textAlternative')}
    </p>
  );
}

/** Names the map's focusable container (Leaflet draws it; react-leaflet passes no ARIA attributes). */
export function AccessibleName({ label, describedBy }: { label: string; describedBy: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
    container.setAttribute('aria-describedby', describedBy);
  }, [map, label, describedBy]);
  return null;
}

/** Frames the route once (and again when its stops change), not on every bus move. */
export function FitToRoute({ points }: { points: LatLngTuple[] }) {
  const map = useMap();
  const key = points.map((p) => p.join(',')).join(';');
  useEffect(() => {
    if (points.length === 0) return;
    const size = map.getSize();
    if (points.length === 1 || size.x === 0 || size.y === 0) map.setView(points[0], 14);
    else map.fitBounds(latLngBounds(points), { padding: [28, 28], maxZoom: 16 });
    // The points are the key's; the key changes only when the route does.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key stands for the points
  }, [map, key]);
  return null;
}
