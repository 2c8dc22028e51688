import { divIcon, type DivIcon } from 'leaflet';

// A drawn marker instead of Leaflet's default PNG icons: nothing to fetch, and it reads on any background.
const BUS_SVG =
  '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">' +
  '<path d="M6 17a2 2 0 1 0 4 0a2 2 0 1 0 -4 0"/><path d="M14 17a2 2 0 1 0 4 0a2 2 0 1 0 -4 0"/>' +
  '<path d="M4 17h-2v-11a1 1 0 0 1 1 -1h14a5 7 0 0 1 5 7v5h-2m-4 0h-8"/><path d="M16 5l1.5 7l4.5 0"/><path d="M2 10l15 0"/><path d="M7 5l0 5"/><path d="M12 5l0 5"/></svg>';

const icons = new Map<string, DivIcon>();

/** The bus marker: a round badge with a bus, greyed when its position is stale (one icon per look, reused). */
export function busIcon(className: string, isStale: boolean): DivIcon {
  const fullClass = `${className}${isStale ? ' is-stale' : ''}`;
  let icon = icons.get(fullClass);
  if (!icon) {
    icon = divIcon({ className: fullClass, html: BUS_SVG, iconSize: [36, 36], iconAnchor: [18, 18] });
    icons.set(fullClass, icon);
  }
  return icon;
}
