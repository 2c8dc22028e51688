/** A Leaflet tile layer: a {z}/{x}/{y} URL template and the attribution (HTML) its licence asks for. */
export interface MapTiles {
  url: string;
  attribution: string;
}

export const OPENSTREETMAP_TILES: MapTiles = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};

/** The build's tiles (VITE_MAP_TILE_URL, VITE_MAP_TILE_ATTRIBUTION), else OpenStreetMap's. */
export function builtInMapTiles(): MapTiles {
  const url = import.meta.env.VITE_MAP_TILE_URL as string | undefined;
  if (!url) return OPENSTREETMAP_TILES;
  return { url, attribution: (import.meta.env.VITE_MAP_TILE_ATTRIBUTION as string | undefined) ?? '' };
}

/** The tiles a school's settings name (GET vue/settings `mapTiles`, the server's MAP_TILE_URL), else the build's. */
export function mapTilesOf(settings: unknown): MapTiles {
  const configured = (settings as { mapTiles?: Partial<MapTiles> } | null | undefined)?.mapTiles;
  if (configured && typeof configured.url === 'string' && configured.url !== '') return { url: configured.url, attribution: configured.attribution ?? '' };
  return builtInMapTiles();
}
