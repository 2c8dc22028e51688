import { type AttendanceExcuse, type AttendanceRecord, type AttendanceType, formatFullName, formatPersonName, type Roll } from '@patio/core';
import type { Database } from '../../db/database';
import type { RequestContext } from '../../http/context';
import { requireCaller } from '../../http/school-scope';
import { signedAvatarUrl } from '../people/index';
import { excerptOf, findRecipientReplies } from '../posts/index';
import { requireCheckpoint, toCheckpoint } from './attendance.checkpoints';
import { todayAt } from './attendance.days';
import { countChanges, findDayRecords, findNames, findNodeStudents, type RecordRow } from './attendance.queries';

// GET attendance/checkpoints/{nodeId}/log: the roll of a node for a day. Its students are the node's
// current students (role student, enrollment not ended) — the node itself, not its subtree: a grade's
// roll is not its classes' rolls, and each record belongs to the one node it was taken at. A student
// marked that day who has since left the node keeps their line, so no record is ever hidden.

export type Names = Map<number, { id: number; name: string }>;

/** Display names of some people, by id. */
export async function namesOf(db: Database, orgId: number, ids: readonly number[]): Promise<Names> {
  const rows = await findNames(db, orgId, ids);
  return new Map(rows.map((p) => [p.id, { id: p.id, name: formatFullName({ firstName: p.first_name, lastName: p.last_name, lastName2: p.last_name2 }) }]));
}

/** The relatives' replies to each record's absence post, as excuses by record id. */
async function excusesOf(db: Database, orgId: number, records: readonly RecordRow[]): Promise<Map<number, AttendanceExcuse[]>> {
  const byPost = new Map(records.filter((r) => r.alert_post_id !== null).map((r) => [r.alert_post_id!, r.id]));
  const replies = await findRecipientReplies(db, orgId, [...byPost.keys()]);
  const names = await namesOf(db, orgId, replies.map((r) => r.authorId));
  const out = new Map<number, AttendanceExcuse[]>();
  for (const reply of replies) {
    const recordId = byPost.get(reply.postId)!;
    const at = reply.publishDate ? Math.floor(Date.parse(reply.publishDate) / 1000) : 0;
    const excuse = { text: excerptOf(reply.description, 2000), at, by: names.get(reply.authorId) ?? { id: reply.authorId, name: '' } };
    out.set(recordId, [...(out.get(recordId) ?? []), excuse]);
  }
  return out;
}

/** The records of the rows as the roll shows them, by person. */
export async function recordsOf(db: Database, orgId: number, rows: readonly RecordRow[]): Promise<Map<number, AttendanceRecord>> {
  const [changes, excuses, names] = await Promise.all([
    countChanges(db, orgId, rows.map((r) => r.id)),
    excusesOf(db, orgId, rows),
    namesOf(db, orgId, rows.flatMap((r) => (r.marked_by === null ? [] : [r.marked_by]))),
  ]);
  const out = new Map<number, AttendanceRecord>();
  for (const r of rows) {
    out.set(r.person_id, {
      type: r.type as AttendanceType,
      time: r.time,
      note: r.note,
      markedBy: r.marked_by === null ? null : (names.get(r.marked_by) ?? null),
      changes: Math.max(0, (changes.get(r.id) ?? 1) - 1),
      alert: r.alert_state,
      excuses: excuses.get(r.id) ?? [],
    });
  }
  return out;
}

export async function getRoll(ctx: RequestContext, nodeId: number, date: string | undefined): Promise<Roll> {
  requireCaller(ctx);
  const orgId = ctx.org.id;
  const day = date ?? todayAt(ctx.org);
  const { node, checkpoint } = await requireCheckpoint(ctx.db, orgId, nodeId);
  const [students, rows] = await Promise.all([findNodeStudents(ctx.db, orgId, nodeId), findDayRecords(ctx.db, orgId, nodeId, day)]);
  const records = await recordsOf(ctx.db, orgId, rows);
  // Marked that day, no longer a current student of the node: still listed, after the others.
  const listed = new Set(students.map((s) => s.id));
  const gone = rows.filter((r) => !listed.has(r.person_id)).map((r) => r.person_id);
  const goneNames = await findNames(ctx.db, orgId, gone);
  const people = [...students, ...goneNames.map((p) => ({ ...p, student_code: null, avatar: null }))];
  const first = rows.reduce<RecordRow | null>((a, r) => (a === null || r.time < a.time ? r : a), null);
  return {
    checkpoint: toCheckpoint(checkpoint, node),
    date: day,
    taken: rows.length > 0,
    takenAt: first?.time ?? null,
    takenBy: first ? (records.get(first.person_id)?.markedBy ?? null) : null,
    canMark: true,
    students: people.map((p) => ({
      person: {
        id: p.id,
        name: formatPersonName({ firstName: p.first_name, lastName: p.last_name, lastName2: p.last_name2 }),
        studentCode: p.student_code,
        avatar: signedAvatarUrl(ctx, p.avatar),
      },
      record: records.get(p.id) ?? null,
    })),
  };
}
