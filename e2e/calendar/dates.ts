// Days of the demo school's calendar, worked out here on their own (not with the app's time rules), so
// the journey checks the app rather than repeating it. The demo school keeps Bogotá time, which has
// no daylight-saving change: a wall-clock hour there is always UTC−5.

export const SCHOOL_ZONE = 'America/Bogota';
const SCHOOL_OFFSET = '-05:00';

/** Today in the school ('YYYY-MM-DD'). */
export function schoolToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** A 'YYYY-MM-DD' day moved by whole days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Epoch seconds of a wall-clock time ('HH:mm') of a school day. */
export function schoolEpoch(day: string, time: string): number {
  return Date.parse(`${day}T${time}:00${SCHOOL_OFFSET}`) / 1000;
}

/** The month of a day, as the calendar's period title names it in Spanish ("noviembre de 2026"). */
export function monthTitleOf(day: string): string {
  return new Intl.DateTimeFormat('es', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

/** The label the date picker gives a day, 'D MMMM YYYY' in Spanish ("30 noviembre 2026"). */
export function pickerLabelOf(day: string): string {
  const date = new Date(`${day}T12:00:00Z`);
  const month = new Intl.DateTimeFormat('es', { month: 'long', timeZone: 'UTC' }).format(date);
  return `${date.getUTCDate()} ${month} ${date.getUTCFullYear()}`;
}

/** Days grouped by month ('YYYY-MM'), in order. */
export function byMonth(days: string[]): Map<string, string[]> {
  const months = new Map<string, string[]>();
  for (const day of days) months.set(day.slice(0, 7), [...(months.get(day.slice(0, 7)) ?? []), day]);
  return months;
}

/** The iCalendar form of a school day and time ('20261130T170000'). */
export function icsLocalTime(day: string, time: string): string {
  return `${day.replaceAll('-', '')}T${time.replace(':', '')}00`;
}
