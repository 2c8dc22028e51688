import type { AttendanceType, ScanInput, ScanResult } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { badRequest, HttpError } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { verifyIdCode } from '../idcards/index';
import { signedAvatarUrl } from '../people/index';
import { requireCheckpoint, toCheckpoint } from './attendance.checkpoints';
import { todayAt } from './attendance.days';
import { MarksRefused, saveMarks } from './attendance.marks';
import { findNodeStudent, findRecord } from './attendance.queries';

// POST attendance/checkpoints/{nodeId}/scan (issue 36 §3): staff scan a student's ID card at a
// checkpoint and the student is marked present (boarded, on a bus checkpoint) on today's roll. The mark
// goes through saveMarks, the roll's own path, so it makes the same record, history, undo window and
// family alerts (an absence post already out is rewritten to say the student came) as a tap on the roll.

/** Marks that already say the student is here: a scan leaves them as they are (a late arrival stays late). */
const isHere = (type: string): type is 'present' | 'late' => type === 'present' || type === 'late';

const notOnRoll = () => new HttpError(404, 'not_on_roll', 'This student is not on the roll of this group; nothing was saved');

export async function scanIdCard(ctx: RequestContext, nodeId: number, input: ScanInput): Promise<ScanResult> {
  requireCaller(ctx);
  const orgId = ctx.org.id;
  const { node, checkpoint } = await requireCheckpoint(ctx.db, orgId, nodeId);
  const today = todayAt(ctx.org);
  const check = verifyIdCode(ctx.services.config, orgId, input.code, today);
  if (!check.ok) {
    throw check.reason === 'code_expired'
      ? badRequest('code_expired', "This ID card's code is not today's: the holder should open their card again to get today's")
      : badRequest('invalid_code', 'This is not an ID card code of this school, or it was altered');
  }
  const student = await findNodeStudent(ctx.db, orgId, nodeId, check.personId);
  if (!student) throw notOnRoll();

  const answer = (status: AttendanceType, alreadyMarked: boolean): ScanResult => ({
    person: { id: student.id, firstName: student.first_name, lastName: student.last_name, lastName2: student.last_name2, avatar: signedAvatarUrl(ctx, student.avatar) },
    status,
    alreadyMarked,
    checkpoint: toCheckpoint(checkpoint, node),
    date: today,
  });

  const key = { nodeId, personId: student.id, date: today };
  const before = await findRecord(ctx.db, orgId, key);
  if (before && isHere(before.type)) return answer(before.type, true);
  let changed: number;
  try {
    ({ changed } = await saveMarks(ctx, nodeId, { person: student.id, type: 'present', date: today }));
  } catch (err) {
    if (err instanceof MarksRefused && err.code === 'not_in_node') throw notOnRoll();
    throw err;
  }
  if (changed === 1) return answer('present', false);
  // A parallel scan (or a tap on the roll) got there between the read and the write: say what stands now.
  const current = await findRecord(ctx.db, orgId, key);
  return answer((current?.type ?? 'present') as AttendanceType, true);
}
