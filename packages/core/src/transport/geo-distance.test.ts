import { describe, expect, it } from 'vitest';
import { bearingDegrees, distanceToSegmentMeters, haversineMeters, segmentFraction } from './geo-distance';

describe('geo distance', () => {
  it('measures great-circle metres', () => {
    expect(haversineMeters(0, 0, 1, 0)).toBeCloseTo(111_195, -1);
    expect(haversineMeters(4.6762, -74.0478, 4.6762, -74.0478)).toBe(0);
    // Two stops of the demo route: Parque El Chicó to Santa Bárbara.
    expect(haversineMeters(4.6762, -74.0478, 4.6968, -74.0445)).toBeCloseTo(2320, -1);
  });

  it('gives compass bearings', () => {
    expect(bearingDegrees(4.7, -74.05, 4.71, -74.05)).toBeCloseTo(0, 5);
    expect(bearingDegrees(4.7, -74.05, 4.7, -74.04)).toBeCloseTo(90, 1);
    expect(bearingDegrees(4.7, -74.05, 4.69, -74.05)).toBeCloseTo(180, 5);
    expect(bearingDegrees(4.7, -74.05, 4.7, -74.06)).toBeCloseTo(270, 1);
  });

  it('projects a point onto a segment, before, along and past it', () => {
    const [latA, lngA, latB, lngB] = [4.7, -74.05, 4.71, -74.05];
    expect(segmentFraction(latA, lngA, latB, lngB, 4.705, -74.049)).toBeCloseTo(0.5, 5);
    expect(segmentFraction(latA, lngA, latB, lngB, 4.695, -74.05)).toBeCloseTo(-0.5, 5);
    expect(segmentFraction(latA, lngA, latB, lngB, 4.72, -74.05)).toBeCloseTo(2, 5);
    expect(segmentFraction(latA, lngA, latA, lngA, 4.72, -74.05)).toBe(0);
    // 0.001° of longitude at 4.7° N is about 110.8 m.
    expect(distanceToSegmentMeters(latA, lngA, latB, lngB, 4.705, -74.049)).toBeCloseTo(110.8, 0);
    expect(distanceToSegmentMeters(latA, lngA, latB, lngB, 4.72, -74.05)).toBeCloseTo(1112, -1);
  });
});
