import type { StopEta } from '../schemas/transport';

/** What an "approaching" alert asks for: a distance along the route (m), or a time (min), or neither (off). */
export interface ApproachCondition {
  meters: number | null;
  minutes: number | null;
}

/**
 * Whether an alert fires for its stop's ETA at `now` (epoch seconds): the bus is within the chosen
 * distance along the route, or expected within the chosen minutes. The server sends the notice on
 * it and the family's map shows the same moment as a banner.
 */
export function isApproaching(alert: ApproachCondition, eta: Pick<StopEta, 'eta' | 'meters'>, now: number): boolean {
  if (alert.meters !== null && eta.meters <= alert.meters) return true;
  return alert.minutes !== null && eta.eta - now <= alert.minutes * 60;
}
