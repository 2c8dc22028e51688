import { daysBetween, localDateOf } from '@patio/core/calendar/times';
import { badRequest } from '../../http/errors';
import { timeZoneOf } from '../settings/index';

// Attendance days are YYYY-MM-DD in the school's time zone (settings/time-zone.ts).

/** Today in the school's time zone. */
export function todayAt(org: { settings: Record<string, unknown> }, now = Date.now()): string {
  return localDateOf(Math.floor(now / 1000), timeZoneOf(org.settings));
}

/** 400 `future_date` for a day after today in the school's time zone. */
export function assertNotFuture(org: { settings: Record<string, unknown> }, date: string): void {
  if (date > todayAt(org)) throw badRequest('future_date', `${date} has not come yet in the school's time zone`);
}

/** Longest period a report covers (a school year and some). */
export const MAX_REPORT_DAYS = 400;

/** 400 for a period that ends before it starts or is longer than MAX_REPORT_DAYS. */
export function assertPeriod(from: string, to: string): void {
  if (to < from) throw badRequest('bad_period', '`to` is before `from`');
  if (daysBetween(from, to) > MAX_REPORT_DAYS) throw badRequest('bad_period', `A report covers at most ${MAX_REPORT_DAYS} days`);
}

