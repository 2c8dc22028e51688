import { DEFAULT_CALENDAR_VIEW } from '@patio/core/constants';

// The views of /calendar (spec §9: listMonth by default) and how the address keeps the one shown, so
// coming back from an event finds the calendar where it was.

export const CALENDAR_VIEWS = ['listMonth', 'dayGridMonth', 'timeGridWeek', 'timeGridDay'] as const;
export type CalendarViewName = (typeof CALENDAR_VIEWS)[number];

export function isCalendarView(value: unknown): value is CalendarViewName {
  return typeof value === 'string' && (CALENDAR_VIEWS as readonly string[]).includes(value);
}

/** The view the address asks for, else the default one. */
export function viewOf(value: string | null): CalendarViewName {
  return isCalendarView(value) ? value : (DEFAULT_CALENDAR_VIEW as CalendarViewName);
}

/** A 'YYYY-MM-DD' day of the address, or undefined when it is not one. */
export function dayOf(value: string | null): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? undefined : value;
}

/** The device-local day of a Date FullCalendar gives ('YYYY-MM-DD'). */
export function localDayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
