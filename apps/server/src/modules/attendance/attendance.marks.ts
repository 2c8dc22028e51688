import { ALERT_UNDO_SECONDS, ALERTING_TYPES, type AttendanceMark, type AttendanceType } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { requireCaller } from '../../http/school-scope';
import type { AttendanceAlertState } from '../../db/types-attendance';
import { attendanceAlertJob } from './attendance.alert.job';
import { requireCheckpoint } from './attendance.checkpoints';
import { todayAt } from './attendance.days';
import { findNodeStudents, findRecordForUpdate, insertChange, insertRecord, type RecordRow, updateRecord } from './attendance.queries';

// POST attendance/checkpoints/{nodeId}/log: one mark or many (a whole roll, or an offline device's
// queue). Every mark is checked before anything is written, and all are written in one transaction.
// A mark that says what the record already says is `unchanged` (an offline resend), as is one whose
// device time is older than the stored mark's (a late resend never undoes a newer correction).

/**
 * Seconds between a mark and the family's alert: the roll's undo window (ALERT_UNDO_SECONDS, shown on
 * the teacher's row) and 5 s more, so an undo tapped at the window's last second reaches the server
 * before the alert goes. Every change restarts it: the alert tells the family the mark that stood for
 * a whole window, never one a teacher was still undoing.
 */
export const ALERT_DELAY_SECONDS = ALERT_UNDO_SECONDS + 5;

/** A refused batch: 400 with one detail per refused mark. */
export class MarksRefused extends Error {
  constructor(
    readonly code: 'not_in_node' | 'future_date',
    message: string,
    readonly details: { path: string; code: string; message: string; person: number }[],
  ) {
    super(message);
  }
}

const isAlerting = (type: string) => (ALERTING_TYPES as readonly string[]).includes(type);

/** Checks every mark: its day has come, its person is a current student of the node. */
async function checkMarks(ctx: RequestContext, nodeId: number, marks: readonly AttendanceMark[], today: string): Promise<void> {
  const students = new Set((await findNodeStudents(ctx.db, ctx.org.id, nodeId)).map((s) => s.id));
  const details: MarksRefused['details'] = [];
  marks.forEach((mark, i) => {
    const date = mark.date ?? today;
    if (date > today) details.push({ path: `${i}.date`, code: 'future_date', message: `${date} has not come yet in the school's time zone`, person: mark.person });
    else if (!students.has(mark.person)) details.push({ path: `${i}.person`, code: 'not_in_node', message: `Person ${mark.person} is not a current student of this group`, person: mark.person });
  });
  if (details.length === 0) return;
  const first = details[0];
  throw new MarksRefused(first.code as MarksRefused['code'], `${first.message}; nothing was saved`, details);
}

/**
 * Where the family's alert goes after a change to `type`, and whether (and when) the alert job must
 * run. A new or corrected absence not told yet waits a whole window again (the job of an earlier change
 * finds a newer one and leaves it to its own job); a post already out is rewritten at once, since a
 * rewrite notifies nobody.
 */
function alertAfter(record: RecordRow | null, type: string): { state: AttendanceAlertState | null; job: 'delayed' | 'now' | null } {
  const hasPost = record?.alert_post_id != null;
  if (isAlerting(type)) {
    if (hasPost) return { state: 'sent', job: 'now' };
    return { state: 'pending', job: 'delayed' };
  }
  return hasPost ? { state: 'withdrawn', job: 'now' } : { state: null, job: null };
}

export async function saveMarks(ctx: RequestContext, nodeId: number, input: AttendanceMark | AttendanceMark[]): Promise<{ changed: number; unchanged: number }> {
  const caller = requireCaller(ctx);
  const orgId = ctx.org.id;
  const marks = Array.isArray(input) ? input : [input];
  const today = todayAt(ctx.org);
  await requireCheckpoint(ctx.db, orgId, nodeId);
  await checkMarks(ctx, nodeId, marks, today);

  // One order for every request (day, then person), so parallel batches lock rows without deadlocks;
  // the sort is stable, so two marks of one person keep the order they were sent in.
  const ordered = marks.map((m) => ({ ...m, date: m.date ?? today })).sort((a, b) => a.date.localeCompare(b.date) || a.person - b.person);
  const now = Math.floor(Date.now() / 1000);
  let changed = 0;
  await ctx.db.transaction().execute(async (trx) => {
    for (const mark of ordered) {
      const time = mark.markedAt === undefined ? now : Math.min(mark.markedAt, now);
      const key = { nodeId, personId: mark.person, date: mark.date };
      const type: AttendanceType = mark.type;
      const fresh = alertAfter(null, type);
      const insertedId = await insertRecord(trx, orgId, { ...key, type, time, note: mark.note ?? '', markedBy: caller.id, alertState: fresh.state });
      let recordId: number;
      let note = mark.note ?? '';
      let previousType: string | null = null;
      let alert = fresh;
      if (insertedId !== null) {
        recordId = insertedId;
      } else {
        const record = (await findRecordForUpdate(trx, ctx.services.dialect, orgId, key))!;
        note = mark.note ?? record.note;
        if (mark.markedAt !== undefined && time < record.time) continue;
        if (record.type === type && record.note === note) continue;
        recordId = record.id;
        previousType = record.type;
        alert = alertAfter(record, type);
        await updateRecord(trx, orgId, record.id, { type, time, note, marked_by: caller.id, alert_state: alert.state });
      }
      const changeId = await insertChange(trx, orgId, { recordId, type, previousType, note, time, markedBy: caller.id });
      if (alert.job !== null) {
        await ctx.services.jobs.enqueue(
          trx,
          attendanceAlertJob,
          { orgId, recordId, changeId },
          { orgId, key: `attendance.alert:${orgId}:${recordId}:${changeId}`, runAt: new Date(Date.now() + (alert.job === 'delayed' ? ALERT_DELAY_SECONDS * 1000 : 0)) },
        );
      }
      changed++;
    }
  });
  return { changed, unchanged: marks.length - changed };
}
