import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, Marker, Polyline, TileLayer, Tooltip, useMap, ZoomControl } from 'react-leaflet';
import { latLngBounds, type LatLngTuple } from 'leaflet';
import DOMPurify from 'dompurify';
import 'leaflet/dist/leaflet.css';
import { busIcon } from './busIcon';
import type { MapTiles } from './mapTiles';
import classes from './TransportMap.module.css';

export interface MapStop {
  id: number;
  name: string;
  lat: number;
  lng: number;
  /** The family's own stop: drawn larger, in the accent colour. */
  mine?: boolean;
  reached?: boolean;
}

export interface MapLine {
  id: number;
  points: LatLngTuple[];
}

export interface MapBus {
  id: number;
  lat: number;
  lng: number;
  /** Names the bus for its tooltip and for screen readers ("Ruta 1, updated 2 min ago"). */
  label: string;
  isStale?: boolean;
}

export interface TransportMapProps {
  /** The map's accessible name. */
  label: string;
  /** Where the same information is as text (the stop list): the map points to it. */
  textAlternativeId?: string;
  tiles: MapTiles;
  lines: MapLine[];
  stops: MapStop[];
  buses: MapBus[];
  size?: 'small' | 'large';
}

// Somewhere to look when there is nothing to show (never in practice: a route has stops).
const WORLD: LatLngTuple = [4.65, -74.08];

/**
 * The transport map (Leaflet; load it through LazyTransportMap so only screens with a map fetch it): routes as lines, stops as circles, buses as drawn markers. When the
 * tiles cannot load (offline, blocked) the map keeps a plain light background and still shows all of
 * that, and says why the streets are missing.
 */
export function TransportMap({ label, textAlternativeId, tiles, lines, stops, buses, size = 'large' }: TransportMapProps) {
  const { t } = useTranslation();
  const noteId = useId();
  // Failed only while no tile at all has loaded: a few missing tiles leave the streets readable.
  const [tileState, setTileState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const tilesFailed = tileState === 'failed';
  const points = useMemo<LatLngTuple[]>(() => [...stops.map((s): LatLngTuple => [s.lat, s.lng]), ...lines.flatMap((l) => l.points)], [stops, lines]);
  const busPoints = buses.map((b): LatLngTuple => [b.lat, b.lng]);
  // Leaflet shows the attribution as HTML: only links survive.
  const attribution = useMemo(() => DOMPurify.sanitize(tiles.attribution, { ALLOWED_TAGS: ['a'], ALLOWED_ATTR: ['href'] }), [tiles.attribution]);

  return (
    <div className={`${classes.frame} ${classes[size]}`}>
      <MapContainer className={classes.map} center={WORLD} zoom={12} zoomSnap={0.25} zoomControl={false} scrollWheelZoom={false}>
        <AccessibleName label={label} describedBy={textAlternativeId ? `${noteId} ${textAlternativeId}` : noteId} />
        <ZoomControl zoomInTitle={t('transport.map.zoomIn')} zoomOutTitle={t('transport.map.zoomOut')} />
        <TileLayer
          url={tiles.url}
          attribution={attribution}
          eventHandlers={{ tileerror: () => setTileState((state) => (state === 'loaded' ? state : 'failed')), tileload: () => setTileState('loaded') }}
        />
        <FitToRoute points={points.length > 0 ? points : busPoints} />
        {buses.length === 1 && <KeepInView point={busPoints[0]} />}
        {lines.map((line) => (
          <Polyline key={line.id} positions={line.points} pathOptions={{ color: '#136488', weight: 4, opacity: 0.75 }} />
        ))}
        {stops.map((stop) => (
          <CircleMarker
            key={stop.id}
            center={[stop.lat, stop.lng]}
            radius={stop.mine ? 9 : 6}
            pathOptions={{
              color: stop.mine ? '#a61e4d' : '#136488',
              weight: stop.mine ? 3 : 2,
              fillColor: stop.reached ? '#adb5bd' : '#ffffff',
              fillOpacity: 1,
            }}
          >
            <Tooltip direction="top">{stop.mine ? t('transport.map.myStop', { name: stop.name }) : stop.name}</Tooltip>
          </CircleMarker>
        ))}
        {buses.map((bus) => (
          <Marker key={bus.id} position={[bus.lat, bus.lng]} icon={busIcon(classes.bus, bus.isStale === true)} title={bus.label} alt={bus.label} keyboard={false} zIndexOffset={1000} />
        ))}
      </MapContainer>
      <p id={noteId} className={tilesFailed ? classes.tilesNote : classes.visuallyHidden}>
        {tilesFailed ? t('transport.map.tilesFailed') : t('transport.map.textAlternative')}
      </p>
    </div>
  );
}

/** Names the map's focusable container (Leaflet draws it; react-leaflet passes no ARIA attributes). */
function AccessibleName({ label, describedBy }: { label: string; describedBy: string }) {
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
function FitToRoute({ points }: { points: LatLngTuple[] }) {
  const map = useMap();
  const key = points.map((p) => p.join(',')).join(';');
  useEffect(() => {
    if (points.length === 0) return;
    const size = map.getSize();
    if (points.length === 1 || size.x === 0 || size.y === 0) map.setView(points[0], 14);
    else map.fitBounds(latLngBounds(points), { padding: [28, 28], maxZoom: 16 });
    // The points are the key's; the key changes only when the route does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

/** Brings a bus that drove out of sight back into view (a family watching it leave the route's frame). */
function KeepInView({ point }: { point: LatLngTuple }) {
  const map = useMap();
  const [lat, lng] = point;
  const isFirst = useRef(true);
  useEffect(() => {
    // The first position is framed with the route; only moves after it may need a pan.
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    const size = map.getSize();
    if (size.x > 0 && size.y > 0 && !map.getBounds().pad(-0.1).contains([lat, lng])) map.panTo([lat, lng]);
  }, [map, lat, lng]);
  return null;
}
