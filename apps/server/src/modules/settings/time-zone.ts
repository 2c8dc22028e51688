import { DEFAULT_TIME_ZONE, isTimeZone } from '@patio/core/calendar/times';

// The school's time zone (orgs.settings JSON `timeZone`, an IANA name): the calendar's local dates and
// all-day events are days of this zone. Unset, or a name this runtime no longer knows, is Bogotá's.
// Posts and the calendar both read it here, so the two never disagree on a school's days.

export const TIME_ZONE_KEY = 'timeZone';

/** The school's IANA time zone. */
export function timeZoneOf(settings: Record<string, unknown>): string {
  const value = settings[TIME_ZONE_KEY];
  return typeof value === 'string' && isTimeZone(value) ? value : DEFAULT_TIME_ZONE;
}
