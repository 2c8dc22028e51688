import { useAllowedPaths } from '../../app/access/useAllowedPaths';
import { CalendarSourcesSection } from './CalendarSourcesSection';
import { TimeZoneSection } from './TimeZoneSection';

// POST allowed answers from the routes' own policies, so these sections show exactly when the server would accept them.
const TIME_ZONE_PATH = 'PUT settings/time-zone';
const SOURCES_PATH = 'POST calendar/sources';
const PATHS = [TIME_ZONE_PATH, SOURCES_PATH];

/** The school's calendar settings, for administrators only: its time zone and the external calendars it imports. */
export function SchoolCalendarSections() {
  const allowed = useAllowedPaths(PATHS);
  return (
    <>
      {allowed?.[TIME_ZONE_PATH] === true && <TimeZoneSection />}
      {allowed?.[SOURCES_PATH] === true && <CalendarSourcesSection />}
    </>
  );
}
