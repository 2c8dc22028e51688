import { divIcon, type DivIcon } from 'leaflet';

const icons = new Map<string, DivIcon>();

/**
 * A stop of the setup map: a round badge with its number in the driving order (one icon per number,
 * reused). The chosen stop is marked with a class on the marker's element, not with another icon.
 */
export function stopMarkerIcon(className: string, number: number): DivIcon {
  const cacheKey = `${className}|${number}`;
  let icon = icons.get(cacheKey);
  if (!icon) {
    // Only a number goes into the HTML: nothing a person typed.
    icon = divIcon({ className, html: `<span aria-hidden="true">${Math.trunc(number)}</span>`, iconSize: [30, 30], iconAnchor: [15, 15] });
    icons.set(cacheKey, icon);
  }
  return icon;
}
