import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, Marker, Polyline, useMapEvents, ZoomControl } from 'react-leaflet';
import type { LatLngTuple, Map as LeafletMap, Marker as LeafletMarker } from 'leaflet';
import { Button } from '@mantine/core';
import { IconCurrentLocation } from '@tabler/icons-react';
import 'leaflet/dist/leaflet.css';
import { AccessibleName, FitToRoute, MapNote, SchoolTileLayer, useTilesFailed, WORLD } from '../map/mapParts';
import type { MapTiles } from '../map/mapTiles';
import mapClasses from '../map/TransportMap.module.css';
import { stopMarkerIcon } from './stopMarkerIcon';
import classes from './routeSetup.module.css';

export interface SetupMapStop {
  key: string;
  /** Its place in the driving order, from 1. */
  number: number;
  /** "3. Calle 80": the marker's name for screen readers and on hover. */
  label: string;
  lat: number;
  lng: number;
  isSelected: boolean;
}

export interface SetupMapProps {
  label: string;
  /** Where the same stops are as text (the editable list). */
  textAlternativeId: string;
  tiles: MapTiles;
  /** The stops that have a place, in driving order. */
  stops: SetupMapStop[];
  /** What the map frames when it opens (the saved stops); edits never move the view. */
  frame: LatLngTuple[];
  /** The button under the map that places at its centre: what it does now ("Place Calle 80 …", "Add a stop …"). Not shown while disabled. */
  centreLabel: string;
  disabled: boolean;
  /** A click on the map, or the centre button: where to put the chosen stop, or a new one. */
  onPick: (point: { lat: number; lng: number }) => void;
  onSelect: (key: string) => void;
  /** A marker dragged to a new place. */
  onDrag: (key: string, point: { lat: number; lng: number }) => void;
}

/**
 * The route setup's map (Leaflet, loaded through LazySetupMap): the stops as numbered markers joined
 * in driving order. A click places the chosen stop there (or adds one); markers can be dragged and,
 * from the keyboard, chosen with Enter; the button under the map places at the centre (the crosshair),
 * after moving the map with the arrow keys. The school's tiles, on a plain background when they fail.
 */
export function SetupMap({ label, textAlternativeId, tiles, stops, frame, centreLabel, disabled, onPick, onSelect, onDrag }: SetupMapProps) {
  const { t } = useTranslation();
  const noteId = useId();
  const hintId = useId();
  const { tilesFailed, tileHandlers } = useTilesFailed();
  const [map, setMap] = useState<LeafletMap | null>(null);

  return (
    <div className={classes.mapBlock}>
      <div className={`${mapClasses.frame} ${mapClasses.large} ${disabled ? '' : classes.placing}`}>
        <MapContainer ref={setMap} className={mapClasses.map} center={WORLD} zoom={12} zoomSnap={0.25} zoomControl={false} scrollWheelZoom={false}>
          <AccessibleName label={label} describedBy={disabled ? `${noteId} ${textAlternativeId}` : `${hintId} ${noteId} ${textAlternativeId}`} />
          <ZoomControl zoomInTitle={t('transport.map.zoomIn')} zoomOutTitle={t('transport.map.zoomOut')} />
          <SchoolTileLayer tiles={tiles} eventHandlers={tileHandlers} />
          <FitToRoute points={frame} />
          {!disabled && <PickOnClick onPick={onPick} />}
          {stops.length > 1 && <Polyline positions={stops.map((s): LatLngTuple => [s.lat, s.lng])} pathOptions={{ color: '#136488', weight: 4, opacity: 0.75 }} interactive={false} />}
          {stops.map((stop) => (
            // Leaflet reads `keyboard` once: a marker is drawn again when the map turns read-only.
            <StopMarker key={`${stop.key}-${disabled}`} stop={stop} disabled={disabled} onSelect={onSelect} onDrag={onDrag} />
          ))}
        </MapContainer>
        {!disabled && <span className={classes.crosshair} aria-hidden="true" />}
        <MapNote id={noteId} tilesFailed={tilesFailed} />
      </div>
      {!disabled && (
        <>
          <p id={hintId} className={classes.hint}>
            {t('transport.setup.stops.mapHint')}
          </p>
          <Button
            variant="default"
            className={classes.wrappingButton}
            leftSection={<IconCurrentLocation size={18} aria-hidden="true" />}
            disabled={map === null}
            onClick={() => {
              if (!map) return;
              const centre = map.getCenter();
              onPick({ lat: centre.lat, lng: centre.lng });
            }}
          >
            {centreLabel}
          </Button>
        </>
      )}
    </div>
  );
}

function PickOnClick({ onPick }: { onPick: SetupMapProps['onPick'] }) {
  useMapEvents({ click: (event) => onPick({ lat: event.latlng.lat, lng: event.latlng.lng }) });
  return null;
}

function StopMarker({ stop, disabled, onSelect, onDrag }: { stop: SetupMapStop; disabled: boolean; onSelect: SetupMapProps['onSelect']; onDrag: SetupMapProps['onDrag'] }) {
  const marker = useRef<LeafletMarker>(null);
  // Leaflet gives a keyboard marker role="button"; its name, and whether it is the chosen one, are set
  // on the element itself (a new icon would be a new element, and a focused marker would lose focus).
  useEffect(() => {
    const element = marker.current?.getElement();
    if (!element) return;
    element.title = stop.label;
    element.setAttribute('aria-label', stop.label);
    // Read-only (a run is on): a picture of the stop, not a button.
    if (disabled) element.setAttribute('role', 'img');
    else element.setAttribute('aria-pressed', String(stop.isSelected));
    element.classList.toggle('is-selected', stop.isSelected);
  });
  return (
    <Marker
      ref={marker}
      position={[stop.lat, stop.lng]}
      icon={stopMarkerIcon(classes.stopMarker, stop.number)}
      title={stop.label}
      keyboard={!disabled}
      draggable={!disabled}
      zIndexOffset={stop.isSelected ? 1000 : 0}
      eventHandlers={{
        click: () => {
          if (!disabled) onSelect(stop.key);
        },
        dragend: (event) => {
          const { lat, lng } = (event.target as LeafletMarker).getLatLng();
          onDrag(stop.key, { lat, lng });
        },
      }}
    />
  );
}
