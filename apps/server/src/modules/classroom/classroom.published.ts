import type { Database } from '../../db/database';
import type { RequestContext } from '../../http/context';
import { timeZoneOf } from '../settings/index';
import { scheduleReminder } from './classroom.reminders';
import { scheduleGuardianSummary } from './classroom.summary';

// What publishing a task sets going (issue 35), inside the publishing transaction so it exists exactly
// when the task does: its due-date reminder, and the school's weekly guardian summary (once per week,
// by key; it restarts the chain of a school that had no task due lately).

export async function onTaskPublished(trx: Database, ctx: RequestContext, task: { postId: number; kind: string; dueDate: string | null }, now = new Date()): Promise<void> {
  if (task.kind !== 'task') return;
  await scheduleReminder(trx, ctx.services.jobs, ctx.org.id, task.postId, task.dueDate, now);
  await scheduleGuardianSummary(trx, ctx.services.jobs, ctx.org.id, timeZoneOf(ctx.org.settings), now);
}
