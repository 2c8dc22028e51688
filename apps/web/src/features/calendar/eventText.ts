import type { TFunction } from 'i18next';
import { addDays } from '@patio/core/calendar/times';
import { formatDay } from '@patio/core/format/dateTimes';
import { intlLocaleOf } from '@patio/core/format/intlLocale';
import type { Recurrence } from '@patio/core/schemas/calendar';

/** The times of an event or occurrence as the API gives them. */
export interface EventTimes {
  startDate: number;
  endDate: number;
  allDay: boolean;
  /** 'YYYY-MM-DD' when all day (end exclusive), else ISO 8601. */
  start: string;
  end: string;
  timeZone?: string;
}

type Length = 'full' | 'medium';

// 'medium' is a compact line for cards ("jue, 3 dic 2026, 10:00–11:00"): Intl's medium date style is
// all digits in some languages (es-CO 3/12/2026), which reads worse than short names.
const DAY_PARTS: Record<Length, Intl.DateTimeFormatOptions> = {
  full: { dateStyle: 'full' },
  medium: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
};
const TIME_PARTS: Record<Length, Intl.DateTimeFormatOptions> = {
  full: { dateStyle: 'full', timeStyle: 'short' },
  medium: { ...DAY_PARTS.medium, hour: 'numeric', minute: '2-digit' },
};

/**
 * When an event happens, in the interface language: "viernes, 19 de diciembre de 2026, 10:00–11:30"
 * or "sáb, 19 – lun, 21 dic 2026". Timed events read in the school's zone; all-day ones are plain days.
 */
export function eventWhen(event: EventTimes, language: string, length: Length = 'full'): string {
  const locale = intlLocaleOf(language);
  if (event.allDay) {
    const first = new Date(`${event.start.slice(0, 10)}T00:00:00Z`);
    const last = new Date(`${addDays(event.end.slice(0, 10), -1)}T00:00:00Z`);
    const format = new Intl.DateTimeFormat(locale, { ...DAY_PARTS[length], timeZone: 'UTC' });
    return last <= first ? format.format(first) : format.formatRange(first, last);
  }
  const format = new Intl.DateTimeFormat(locale, { ...TIME_PARTS[length], timeZone: event.timeZone });
  const start = new Date(event.startDate * 1000);
  if (event.endDate <= event.startDate) return format.format(start);
  return format.formatRange(start, new Date(event.endDate * 1000));
}

/** A repetition in words: "Cada semana hasta el 19 dic 2026", "Every 2 weeks, 10 times". */
export function recurrenceText(t: TFunction, recurrence: Recurrence, language: string): string {
  const rule = t(`calendar.recurrence.${recurrence.freq}`, { count: recurrence.interval });
  if (recurrence.until) return t('calendar.recurrence.until', { rule, date: formatDay(recurrence.until, language, 'long') });
  if (recurrence.count) return t('calendar.recurrence.times', { rule, count: recurrence.count });
  return rule;
}

/** The title to show: the translated "Sin título" when the author left it blank. */
export function eventTitle(t: TFunction, title: string): string {
  return title.trim() || t('calendar.untitled');
}
