import { DEFAULT_PAGE_COLOR } from '@patio/core/constants';
import { SCHOOL_COLOR_PATTERN } from '@patio/core/color/contrast';

// The school's colour (orgs.settings JSON `color`, #RRGGBB): the app bar, the /login band, mails.
// Anything else stored there (an older blob, a hand edit) reads as the default.

/** The school's colour as #RRGGBB. */
export function schoolColorOf(settings: Record<string, unknown>): string {
  const value = settings.color;
  return typeof value === 'string' && SCHOOL_COLOR_PATTERN.test(value) ? value : DEFAULT_PAGE_COLOR;
}
