import type { ActivitySession } from '@patio/core';
import { addDays, daysBetween } from '@patio/core/calendar/times';
import type { RequestContext } from '../../http/context';
import { badRequest } from '../../http/errors';
import { findRollDays } from '../attendance/index';
import { requireActivity, scheduleOf } from './activities.service';

// An activity's sessions (issue 37 §1 "every session of the activity is an attendance checkpoint";
// docs/decisions/033-activities.md). A session is a day of the weekly schedule within the term; its
// roll is the activity node's checkpoint (an `event` checkpoint, made the first time the roll is
// opened) on that day, taken on the ordinary roll screen by the leader — a teacher of the node,
// whether staff or an outside instructor — or by school staff. Nothing is stored per session: the
// days follow from the schedule, so a changed schedule changes the coming sessions at once.

/** Longest range one request may ask for: a school year and some. */
export const MAX_SESSION_RANGE_DAYS = 400;

/** ISO weekday (1 Monday … 7 Sunday) of a 'YYYY-MM-DD' day. */
export function isoWeekday(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** The days from `from` to `to` (inclusive) that the weekly schedule meets, each with that weekday's slots in start order. */
export function sessionDays(schedule: readonly { day: number; start: string; end: string }[], from: string, to: string): { date: string; slots: { start: string; end: string }[] }[] {
  const out: { date: string; slots: { start: string; end: string }[] }[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const weekday = isoWeekday(day);
    const slots = schedule.filter((s) => s.day === weekday).map(({ start, end }) => ({ start, end })).sort((a, b) => a.start.localeCompare(b.start));
    if (slots.length > 0) out.push({ date: day, slots });
  }
  return out;
}

/**
 * GET activities/{id}/sessions?from=&to=: the sessions between the two days, cut to the term, with
 * whether a roll was taken on each. `from` defaults to the term's start, `to` to the term's end but at
 * most MAX_SESSION_RANGE_DAYS after `from`. `to` before `from`, or more than MAX_SESSION_RANGE_DAYS
 * after it: 400 `bad_range`.
 */
export async function listSessions(ctx: RequestContext, nodeId: number, query: { from?: string; to?: string }): Promise<ActivitySession[]> {
  const activity = await requireActivity(ctx, nodeId);
  if (query.from !== undefined && query.to !== undefined && query.to < query.from) throw badRequest('bad_range', '`to` must be on or after `from`');
  const from = query.from !== undefined && query.from > activity.term_from ? query.from : activity.term_from;
  const asked = query.to ?? addDays(from, MAX_SESSION_RANGE_DAYS);
  const to = asked < activity.term_to ? asked : activity.term_to;
  if (to < from) return [];
  if (daysBetween(from, to) > MAX_SESSION_RANGE_DAYS) throw badRequest('bad_range', `Ask for at most ${MAX_SESSION_RANGE_DAYS} days at a time`);
  const days = sessionDays(scheduleOf(activity), from, to);
  const taken = await findRollDays(ctx.db, ctx.org.id, nodeId, from, to);
  return days.map((d) => ({ ...d, rollTaken: taken.has(d.date) }));
}
