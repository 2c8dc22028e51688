import { intlLocaleOf } from './intlLocale';

// Intl-based dates for screens that show an exact moment (a registration's date, a job's last run);
// dates.ts keeps the spec §9 post dates (relative within 6 days) on date-fns.

/** Intl's four lengths: 'full', 'long', 'medium', 'short'. */
export type DateLength = NonNullable<Intl.DateTimeFormatOptions['dateStyle']>;

/** A moment as the API sends it: a Date, epoch milliseconds or an ISO string. */
export type MomentInput = Date | number | string;

/** Where a moment is read; the device's zone when left out. */
export interface ZoneOption {
  timeZone?: string;
}

function toMoment(input: MomentInput): Date {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(input)}`);
  return date;
}

/** A date in the interface language: formatDate('2024-03-01T12:00:00Z', 'es') → '1 de marzo de 2024'. */
export function formatDate(input: MomentInput, language: string | null | undefined, options: ZoneOption & { dateStyle?: DateLength } = {}): string {
  const { dateStyle = 'long', timeZone } = options;
  return new Intl.DateTimeFormat(intlLocaleOf(language), { dateStyle, timeZone }).format(toMoment(input));
}

/** A date and time in the interface language: 'es' → '1 de marzo de 2024 a las 3:04 p. m.', 'de' → '1. März 2024 um 15:04'. */
export function formatDateTime(
  input: MomentInput,
  language: string | null | undefined,
  options: ZoneOption & { dateStyle?: DateLength; timeStyle?: DateLength } = {},
): string {
  const { dateStyle = 'long', timeStyle = 'short', timeZone } = options;
  return new Intl.DateTimeFormat(intlLocaleOf(language), { dateStyle, timeStyle, timeZone }).format(toMoment(input));
}

/** A time of day in the interface language: 'es' → '3:04 p. m.', 'de' → '15:04'. */
export function formatTime(input: MomentInput, language: string | null | undefined, options: ZoneOption = {}): string {
  return new Intl.DateTimeFormat(intlLocaleOf(language), { timeStyle: 'short', timeZone: options.timeZone }).format(toMoment(input));
}

/**
 * A calendar day 'YYYY-MM-DD' (a birthday) in the interface language, the same day in every time
 * zone; anything that is not such a day comes back unchanged.
 */
export function formatDay(day: string, language: string | null | undefined, dateStyle: DateLength = 'long'): string {
  if (!/^\d{4}-\d{2}-\d{2}/.test(day)) return day;
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(intlLocaleOf(language), { dateStyle, timeZone: 'UTC' }).format(date);
}
