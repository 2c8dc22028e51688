import type { ActivitySettings } from '@patio/core';
import type { RequestContext } from '../../http/context';
import type { Caller, Org } from '../../policy/policy';
import { lockOrg, updateOrgSettings } from '../org/index';

// A school's activity rules (issue 37 §1 "or the student where the school allows"), kept in
// orgs.settings like the other per-school switches (settings/classroom relativesTurnIn). Off by
// default: a school that never opens the setting keeps requests to families.

/** orgs.settings key: students may request a place for themselves and withdraw their own requests. */
export const STUDENTS_REQUEST_KEY = 'activities.studentsRequest';

/** Whether the school lets students request places for themselves. */
export function studentsRequest(org: Pick<Org, 'settings'>): boolean {
  return org.settings[STUDENTS_REQUEST_KEY] === true;
}

/** The caller may request (and withdraw) for `studentId`: a parent-like relative, or the student where the school allows. */
export function actsForStudent(caller: Caller, org: Pick<Org, 'settings'>, studentId: number): boolean {
  return caller.childIds.includes(studentId) || (caller.id === studentId && studentsRequest(org));
}

/** GET settings/activities. */
export function readActivitySettings(ctx: RequestContext): ActivitySettings {
  return { studentsRequest: studentsRequest(ctx.org) };
}

/** PUT settings/activities: the other keys of the school's settings stay as they are stored (the row is locked while it is rewritten). */
export async function updateActivitySettings(ctx: RequestContext, input: ActivitySettings): Promise<ActivitySettings> {
  const org = await ctx.db.transaction().execute(async (trx) => {
    const current = (await lockOrg(trx, ctx.services.dialect, ctx.org.id)) ?? ctx.org;
    const settings = { ...current.settings, [STUDENTS_REQUEST_KEY]: input.studentsRequest };
    await updateOrgSettings(trx, ctx.org.id, settings);
    return { ...current, settings };
  });
  return { studentsRequest: studentsRequest(org) };
}
