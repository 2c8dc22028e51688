// The demo bus driven through the driver's own browser: Chromium's geolocation emulation stands in for
// the phone's GPS, one point at a time along Ruta 1, each waited for until the server has it live.
import { expect, type BrowserContext } from '@playwright/test';
import { callApi } from '../posts/people-and-api';

export interface Point {
  latitude: number;
  longitude: number;
}

/** Metres between two points on the Earth (haversine). */
export function metersBetween(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** The point `meters` along the straight line from `from` to `to`. */
export function along(from: Point, to: Point, meters: number): Point {
  const share = Math.min(1, meters / metersBetween(from, to));
  return { latitude: from.latitude + (to.latitude - from.latitude) * share, longitude: from.longitude + (to.longitude - from.longitude) * share };
}

/**
 * Points from `from` towards `to`, `step` metres apart, the last one `stopShort` metres before `to`.
 * The server takes a jump of at most 30 m/s (plus 100 m) between two fixes as real; a step of 150 m
 * every 2.5 s stays within it.
 */
export function pointsTowards(from: Point, to: Point, step: number, stopShort: number): Point[] {
  const total = metersBetween(from, to) - stopShort;
  const points: Point[] = [];
  for (let done = step; done < total; done += step) points.push(along(from, to, done));
  points.push(along(from, to, total));
  return points;
}

/** The app's device reports at most one fix per 2 s and the server refuses one sooner than 1.5 s after the last. */
export const REPORT_GAP_MS = 2_500;

export interface Bus {
  /** Moves the driver's phone to `point` and waits until the server holds it as the bus's live position. */
  moveTo(point: Point): Promise<void>;
  /** Every point the server took, in order. */
  readonly reported: Point[];
}

/**
 * The driver's phone: moves its emulated position and reads the route back with the driver's token.
 * Each move waits until the previous one is at least REPORT_GAP_MS old, so every fix is reported.
 */
export function busOf(context: BrowserContext, base: string, driverToken: string, routeId: number): Bus {
  const reported: Point[] = [];
  let lastMoveAt = 0;
  return {
    reported,
    async moveTo(point) {
      const wait = lastMoveAt + REPORT_GAP_MS - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      lastMoveAt = Date.now();
      await context.setGeolocation({ ...point, accuracy: 10 });
      await expect
        .poll(
          async () => {
            const route = (await callApi(base, 'demo', driverToken, 'GET', `transport/routes/${routeId}`)).body as { lastPosition: Point | null };
            return route.lastPosition && metersBetween(route.lastPosition, point) < 1;
          },
          { message: `the server takes the bus at ${point.latitude.toFixed(5)}, ${point.longitude.toFixed(5)}`, intervals: [100, 200], timeout: 10_000 },
        )
        .toBe(true);
      reported.push(point);
    },
  };
}
