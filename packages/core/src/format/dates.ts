import { differenceInMilliseconds, format, formatDistance, formatDistanceStrict, type Locale } from 'date-fns';
import { de, enUS, es, fr, it, pt } from 'date-fns/locale';
import { RELATIVE_DATE_MAX_DAYS } from '../constants';
import { resolveLanguage, type LanguageKey } from '../languages/resolveLanguage';

// spec §9: "Dates older than 6 days are shown as a full date; newer ones as relative time."
// The legacy client had date locales for de, es and fr only; we cover all six languages.
// Future dates follow the same rule by distance ('in 3 hours', then a full date past 6 days).

const DATE_LOCALES: Record<LanguageKey, Locale> = { es, en: enUS, de, fr, it, pt };
const DAY_MS = 24 * 60 * 60 * 1000;

/** A date as the API sends it: a Date, epoch milliseconds or an ISO string. */
export type DateInput = Date | number | string;

/** Picks the date-fns locale for a language tag ('es-CO' → es); unknown → English. */
export function resolveDateLocale(tag: string | null | undefined): Locale {
  return DATE_LOCALES[resolveLanguage(tag)];
}

/** Converts a DateInput to a Date; throws RangeError when it is not a valid date. */
export function toDate(input: DateInput): Date {
  const date = input instanceof Date ? new Date(input.getTime()) : new Date(input);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid date: ${String(input)}`);
  return date;
}

/** Formats a full date in the locale, e.g. '1 de marzo de 2024', 'March 1st, 2024', '1. März 2024'. */
export function formatFullDate(input: DateInput, tag?: string | null): string {
  return format(toDate(input), 'PPP', { locale: resolveDateLocale(tag) });
}

/** Formats relative time in the locale, e.g. 'hace 3 horas', '3 hours ago', 'vor 3 Stunden'. */
export function formatRelativeTime(input: DateInput, now: DateInput, tag?: string | null): string {
  // Under a minute, "hace menos de 5 segundos" or "hace medio minuto" read better than a count ("hace 0 segundos").
  if (Math.abs(differenceInMilliseconds(toDate(now), toDate(input))) < 60_000) {
    return formatDistance(toDate(input), toDate(now), { addSuffix: true, includeSeconds: true, locale: resolveDateLocale(tag) });
  }
  return formatDistanceStrict(toDate(input), toDate(now), { addSuffix: true, locale: resolveDateLocale(tag) });
}

/** Shows a date as relative time when within 6 days of now, otherwise as a full date (spec §9). */
export function formatPostDate(input: DateInput, now: DateInput, tag?: string | null): string {
  const distance = Math.abs(differenceInMilliseconds(toDate(now), toDate(input)));
  return distance > RELATIVE_DATE_MAX_DAYS * DAY_MS ? formatFullDate(input, tag) : formatRelativeTime(input, now, tag);
}
