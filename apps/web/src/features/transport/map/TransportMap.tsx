import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleMarker, MapContainer, Marker, Polyline, Tooltip, useMap, ZoomControl } from 'react-leaflet';
import type { LatLngTuple } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { busIcon } from './busIcon';
import { AccessibleName, FitToRoute, MapNote, SchoolTileLayer, useTilesFailed, WORLD } from './mapParts';
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

/**
 * The transport map (Leaflet; load it through LazyTransportMap so only screens with a map fetch it): routes as lines, stops as circles, buses as drawn markers. When the
 * tiles cannot load (offline, blocked) the map keeps a plain light background and still shows all of
 * that, and says why the streets are missing.
 */
export function TransportMap({ label, textAlternativeId, tiles, lines, stops, buses, size = 'large' }: TransportMapProps) {
  const { t } = useTranslation();
  const noteId = useId();
  const { tilesFailed, tileHandlers } = useTilesFailed();
  const points = useMemo<LatLngTuple[]>(() => [...stops.map((s): LatLngTuple => [s.lat, s.lng]), ...lines.flatMap((l) => l.points)], [stops, lines]);
  const busPoints = buses.map((b): LatLngTuple => [b.lat, b.lng]);

  return (
    <div className={`${classes.frame} ${classes[size]}`}>
      <MapContainer className={classes.map} center={WORLD} zoom={12} zoomSnap={0.25} zoomControl={false} scrollWheelZoom={false}>
        <AccessibleName label={label} describedBy={textAlternativeId ? `${noteId} ${textAlternativeId}` : noteId} />
        <ZoomControl zoomInTitle={t('transport.map.zoomIn')} zoomOutTitle={t('transport.map.zoomOut')} />
        <SchoolTileLayer tiles={tiles} eventHandlers={tileHandlers} />
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
      <MapNote id={noteId} tilesFailed={tilesFailed} />
    </div>
  );
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
