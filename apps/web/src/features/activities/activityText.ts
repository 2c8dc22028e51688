import { formatDay, formatTime } from '@patio/core/format/dateTimes';
import { intlLocaleOf } from '@patio/core/format/intlLocale';
import type { ActivitySlot } from '@patio/core/schemas/activities';

// Days and times of an activity as the reader says them: weekday names and clock style follow the
// interface language ("lunes, 3:00 p. m. – 4:30 p. m.", "Montag, 15:00 – 16:30"), never the device's
// locale. The times are the school's wall clock, so they are formatted as they are, in UTC.

/** 2024-01-01 was a Monday: ISO weekday n falls on January n. */
const dayOf = (isoDay: number) => new Date(Date.UTC(2024, 0, isoDay, 12));

/** The name of ISO weekday 1 (Monday) … 7 (Sunday) in `language`. */
export function weekdayName(isoDay: number, language: string, width: 'long' | 'short' = 'long'): string {
  return new Intl.DateTimeFormat(intlLocaleOf(language), { weekday: width, timeZone: 'UTC' }).format(dayOf(isoDay));
}

/** A weekday as a list or a select starts it: "Lunes", "Mercredi". */
export function weekdayLabel(isoDay: number, language: string): string {
  const name = weekdayName(isoDay, language);
  return name.charAt(0).toLocaleUpperCase(intlLocaleOf(language)) + name.slice(1);
}

/** 'HH:MM' as the reader's clock shows it. */
export function clockTime(time: string, language: string): string {
  const [hours, minutes] = time.split(':').map(Number);
  return formatTime(Date.UTC(2024, 0, 1, hours, minutes), language, { timeZone: 'UTC' });
}

/** One slot: "lunes, 3:00 p. m. – 4:30 p. m.". */
export function slotText(slot: ActivitySlot, language: string): string {
  return `${weekdayName(slot.day, language)}, ${clockTime(slot.start, language)} – ${clockTime(slot.end, language)}`;
}

/** The weekly slots in week order (Monday first), each as slotText. */
export function scheduleLines(schedule: readonly ActivitySlot[], language: string): string[] {
  return [...schedule].sort((a, b) => a.day - b.day || a.start.localeCompare(b.start)).map((slot) => slotText(slot, language));
}

/** A school day (YYYY-MM-DD) as "3 de febrero de 2027" in the reader's language. */
export function dayText(day: string, language: string): string {
  return formatDay(day, language, 'long');
}

/** The text of a stored description (sanitised HTML) for a plain reading or a plain editor. */
export function descriptionText(html: string): string {
  if (!html) return '';
  const body = new DOMParser().parseFromString(html.replace(/<\/(p|div|li|h\d)>|<br\s*\/?>/gi, '$&\n'), 'text/html').body;
  return (body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text typed by an administrator → the HTML the API stores: a paragraph per line. */
export function descriptionHtml(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}
