// Distances and projections on the Earth at city scale, for the bus tracker (issue 13 §4). Plain
// numbers in, plain numbers out: the tracker calls these for every stop on every report, so nothing
// here allocates.

/** Mean Earth radius in metres (IUGG). */
export const EARTH_RADIUS_M = 6_371_008.8;

const RAD = Math.PI / 180;

/** Great-circle distance in metres between two WGS84 points (haversine). */
export function haversineMeters(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLng = (lng2 - lng1) * RAD;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(s)));
}

/** Initial compass bearing in degrees (0 = north, 90 = east) from the first point towards the second. */
export function bearingDegrees(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const φ1 = lat1 * RAD;
  const φ2 = lat2 * RAD;
  const dλ = (lng2 - lng1) * RAD;
  const y = Math.sin(dλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(dλ);
  return ((Math.atan2(y, x) / RAD) % 360 + 360) % 360;
}

/**
 * Where the point P falls along the segment A→B, as a fraction of its length: 0 at A, 1 at B, below
 * 0 before A and above 1 past B (not clamped). Equirectangular plane around A, which at the few
 * kilometres between two bus stops is off by far less than a GPS fix. A segment of no length gives 0.
 */
export function segmentFraction(latA: number, lngA: number, latB: number, lngB: number, lat: number, lng: number): number {
  const k = Math.cos(latA * RAD);
  const bx = (lngB - lngA) * k;
  const by = latB - latA;
  const len2 = bx * bx + by * by;
  if (len2 === 0) return 0;
  return (((lng - lngA) * k) * bx + (lat - latA) * by) / len2;
}

/** Distance in metres from P to the closest point of the segment A→B. */
export function distanceToSegmentMeters(latA: number, lngA: number, latB: number, lngB: number, lat: number, lng: number): number {
  const t = Math.min(1, Math.max(0, segmentFraction(latA, lngA, latB, lngB, lat, lng)));
  return haversineMeters(lat, lng, latA + (latB - latA) * t, lngA + (lngB - lngA) * t);
}
