// What other areas use of transport: the GPS screens (geo) show the same routes, map and run
// actions; the More menu asks whether to offer Transport at all. The map comes lazily: importing
// this file never fetches Leaflet.
export { LazyTransportMap } from './map/LazyTransportMap';
export type { MapBus, MapLine, MapStop, TransportMapProps } from './map/TransportMap';
export { useMapTiles } from './map/useMapTiles';
export { mapBusesOf, mapLineOf, mapStopsOf } from './routeMapData';
export { busLabelOf, etaText, isStalePosition, lastUpdateText } from './transportText';
export { useTransportAccess, type TransportAccess } from './useTransportAccess';
export { useNow } from './useNow';
export { useRouteLive } from './useRouteLive';
export { useFinishRun, useRunEvent, useStartRun } from './useRunActions';
export { isRunning, routeIdOf, useTransportRoute, useTransportRoutes } from './useTransportRoutes';
// The screens' layout and cards (layout, column, card, facts, fact, list, links, stale, muted): the GPS
// screens are laid out with the same classes. Only the screens that use them load the sheet.
export { default as transportClasses } from './transport.module.css';
