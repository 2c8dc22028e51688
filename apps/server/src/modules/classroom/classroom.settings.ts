import type { ClassroomSettings } from '@patio/core';
import type { RequestContext } from '../../http/context';
import type { Org } from '../../policy/policy';
import { lockOrg, updateOrgSettings } from '../org/index';

// A school's classroom rules (issue 35 §2 "where the school allows"), kept in orgs.settings like the
// other per-school switches: no table of its own. Off by default, so a school that never opens the
// setting keeps turn-ins to the students themselves.

/** orgs.settings key: a student's approved parent-like relatives may save and turn in the student's work. */
export const RELATIVES_TURN_IN_KEY = 'classroom.relativesTurnIn';

/** Whether the school lets parent-like relatives turn work in for their children. */
export function relativesTurnIn(org: Pick<Org, 'settings'>): boolean {
  return org.settings[RELATIVES_TURN_IN_KEY] === true;
}

/** GET settings/classroom. */
export function readClassroomSettings(ctx: RequestContext): ClassroomSettings {
  return { relativesTurnIn: relativesTurnIn(ctx.org) };
}

/** PUT settings/classroom: the other keys of the school's settings stay as they are stored (the row is locked while it is rewritten). */
export async function updateClassroomSettings(ctx: RequestContext, input: ClassroomSettings): Promise<ClassroomSettings> {
  const org = await ctx.db.transaction().execute(async (trx) => {
    const current = (await lockOrg(trx, ctx.services.dialect, ctx.org.id)) ?? ctx.org;
    const settings = { ...current.settings, [RELATIVES_TURN_IN_KEY]: input.relativesTurnIn };
    await updateOrgSettings(trx, ctx.org.id, settings);
    return { ...current, settings };
  });
  return { relativesTurnIn: relativesTurnIn(org) };
}
