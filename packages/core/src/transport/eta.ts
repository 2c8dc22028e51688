import type { StopEta } from '../schemas/transport';

// The ETA of a bus to each stop still ahead (issue 13 §4), and its progress along the route. Pure:
// the server feeds it the route, the report and the state it keeps per tracked bus.

export interface EtaStop {
  id: number;
  lat: number;
  lng: number;
  /** Planned arrival on this run, epoch seconds, or null. */
  scheduledAt: number | null;
}

export interface EtaFix {
  latitude: number;
  longitude: number;
  /** m/s as the device measured it, or null. */
  speed: number | null;
  /** Epoch seconds. */
  timestamp: number;
}

export interface EtaInput {
  /** The route's stops in order. */
  stops: EtaStop[];
  /** Index of the first stop not reached yet on this run (0 at the start of a run). */
  nextIndex: number;
  fix: EtaFix;
  /** The previous accepted fix of this run, if any (speed from displacement when the device gives none). */
  previous: EtaFix | null;
  /** Smoothed recent speed (m/s) kept from earlier reports of this run, or null at the start. */
  speedAvg: number | null;
}

export interface EtaResult {
  /** ETA of every stop from the new next stop to the last. */
  etas: StopEta[];
  /** The new next-stop index (never goes back). */
  nextIndex: number;
  /** Ids of the stops this fix reached (in order), each reached once per run. */
  reached: number[];
  /** The smoothed speed to keep for the next report. */
  speedAvg: number | null;
}

export declare function trackRoute(input: EtaInput): EtaResult;
