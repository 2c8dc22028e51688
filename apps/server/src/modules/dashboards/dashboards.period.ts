import { type DashboardPeriod, MAX_DASHBOARD_RANGE_DAYS } from '@patio/core';
import { addDays, daysBetween, localDateOf } from '@patio/core/calendar/times';
import { badRequest } from '../../http/errors';

// A block's period (issue 36 §2): its default counted back from today in the school's time zone (today
// included), each end overridable by the data query's from/to.

/** First and last day of a default period ending today. */
export function periodOf(period: DashboardPeriod, timeZone: string, now = Date.now()): { from: string; to: string } {
  const today = localDateOf(Math.floor(now / 1000), timeZone);
  if (period === 'today') return { from: today, to: today };
  if (period === 'last7Days') return { from: addDays(today, -6), to: today };
  if (period === 'last30Days') return { from: addDays(today, -29), to: today };
  return { from: `${today.slice(0, 4)}-01-01`, to: today };
}

/** The period a data request asks for: 400 `bad_period` when it ends before it starts or is longer than MAX_DASHBOARD_RANGE_DAYS. */
export function resolvePeriod(period: DashboardPeriod, timeZone: string, query: { from?: string; to?: string }): { from: string; to: string } {
  const fallback = periodOf(period, timeZone);
  const from = query.from ?? fallback.from;
  const to = query.to ?? fallback.to;
  if (to < from) throw badRequest('bad_period', `The period ends (${to}) before it starts (${from})`);
  if (daysBetween(from, to) + 1 > MAX_DASHBOARD_RANGE_DAYS) throw badRequest('bad_period', `A block's period covers at most ${MAX_DASHBOARD_RANGE_DAYS} days`);
  return { from, to };
}
