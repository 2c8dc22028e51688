import { OVERVIEW_ATTENDANCE_DAYS, OVERVIEW_RECENT_THREADS, type PersonOverview, ZThreadsQuery } from '@patio/core';
import { addDays } from '@patio/core/calendar/times';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import type { Caller } from '../../policy/policy';
import { attendanceReportAccess, todayAt } from '../attendance/index';
import { readBalance, readsBillingOf } from '../billing/index';
import { canSeeSchoolData, findPerson } from '../people/index';
import { listThreads } from '../threads/index';
import { routeAccess } from '../transport/index';
import { countPersonMarks, findCurrentGroups, findPersonRoutes } from './person-overview.queries';

// GET people/{id}/overview (issue 36 §1): the person's key facts, each exactly as much as the area that
// owns it would show this viewer elsewhere, in a fixed number of queries whatever the person holds.

type Groups = Awaited<ReturnType<typeof findCurrentGroups>>;

/** The last OVERVIEW_ATTENDANCE_DAYS days of marks, on the nodes whose reports the viewer reads (attendance.access.ts). */
async function attendanceOf(ctx: RequestContext, caller: Caller, personId: number, groups: Groups): Promise<PersonOverview['attendance']> {
  const studentNodes = groups.filter((g) => g.role === 'student').map((g) => g.node_id);
  // Not a student, or a student of no group the viewer reaches: not a zero, nothing to say.
  if (studentNodes.length === 0 || (await attendanceReportAccess.visible(ctx.db, caller, studentNodes)).size === 0) return null;
  const to = todayAt(ctx.org);
  const from = addDays(to, -(OVERVIEW_ATTENDANCE_DAYS - 1));
  const counts = { present: 0, absent: 0, late: 0, excused: 0 };
  for (const { type, n } of await countPersonMarks(ctx.db, ctx.org.id, personId, await attendanceReportAccess.filter(ctx.db, caller), from, to)) {
    if (type in counts) counts[type as keyof typeof counts] += n;
  }
  const total = counts.present + counts.absent + counts.late + counts.excused;
  // The rate as attendance reports count it: (present + late) ÷ every mark.
  return { from, to, ...counts, rate: total === 0 ? null : (counts.present + counts.late) / total };
}

/** The family's balance as GET people/{id}/billing/balance answers it, for those who may read that. */
async function balanceOf(ctx: RequestContext, caller: Caller, personId: number): Promise<PersonOverview['balance']> {
  if (!readsBillingOf(caller, ctx.org, personId)) return null;
  const b = await readBalance(ctx, personId);
  return { currency: b.currency, balance: b.balance, pending: b.pending, overdue: b.overdue, overdueCount: b.overdueCount };
}

async function transportOf(ctx: RequestContext, caller: Caller, personId: number): Promise<PersonOverview['transport']> {
  const rows = await findPersonRoutes(ctx.db, ctx.org.id, personId, await routeAccess.filter(ctx.db, caller));
  return rows.map((r) => ({ route: { id: r.node_id, name: r.name }, role: r.role, stop: r.stop }));
}

/** The newest threads of the viewer's own inbox the person takes part in (the folder list's `with`). */
async function recentThreadsOf(ctx: RequestContext, personId: number): Promise<PersonOverview['recentThreads']> {
  const query = ZThreadsQuery.parse({ with: String(personId), limit: String(OVERVIEW_RECENT_THREADS) });
  const { items } = await listThreads(ctx, 'feed', query);
  return items.map((t) => ({ threadId: t.id, title: t.title, type: t.type, lastAt: Date.parse(t.latest.publishDate), unread: t.unread }));
}

export async function getPersonOverview(ctx: RequestContext, personId: number): Promise<PersonOverview> {
  const caller = requireCaller(ctx);
  const person = await findPerson(ctx.db, ctx.org.id, personId);
  if (!person) throw notFound('There is no such person in this school');
  const [groups, seesGroups] = await Promise.all([findCurrentGroups(ctx.db, ctx.org.id, personId), canSeeSchoolData(ctx.db, caller, personId)]);
  const [attendance, balance, transport, recentThreads] = await Promise.all([
    attendanceOf(ctx, caller, personId, groups),
    balanceOf(ctx, caller, personId),
    transportOf(ctx, caller, personId),
    recentThreadsOf(ctx, personId),
  ]);
  return {
    person: { id: person.id, firstName: person.first_name, lastName: person.last_name },
    attendance,
    balance,
    transport,
    // As GET people/{id} shows groups: with the school data, to those who see it.
    groups: seesGroups ? groups.map((g) => ({ node: { id: g.node_id, name: g.name }, role: g.role })) : [],
    recentThreads,
  };
}
