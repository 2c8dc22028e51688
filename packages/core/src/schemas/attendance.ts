import { z } from 'zod';
import { ZDay } from './billing';
import { ZId, zQueryInteger } from './ids';

// Attendance (spec §1 Attendance checkpoints, §2 /attendance/admin and /attendance/checkpoint/{nodeId};
// issue 15; docs/decisions/021-attendance.md). A node (class, group, route, event) has one checkpoint;
// its roll for a day lists every student of the node with their record or none. Days are 'YYYY-MM-DD'
// in the school's time zone; times epoch seconds.

export const CHECKPOINT_TYPES = ['class', 'entrance', 'bus_boarding', 'bus_dropoff', 'event'] as const;
export type CheckpointType = (typeof CHECKPOINT_TYPES)[number];
export const CHECKPOINT_DIRECTIONS = ['arriving', 'leaving', 'information'] as const;
export type CheckpointDirection = (typeof CHECKPOINT_DIRECTIONS)[number];

export const ATTENDANCE_TYPES = ['present', 'absent', 'late', 'excused'] as const;
export type AttendanceType = (typeof ATTENDANCE_TYPES)[number];
/** Marks that send the family an "absence" post. */
export const ALERTING_TYPES: readonly AttendanceType[] = ['absent', 'late'];

/**
 * Seconds a teacher may undo a mark on the roll before the family is told (issue 33): long enough to
 * notice a mis-tap on a busy roll, short enough that the family still hears of an absence within the
 * first minutes of class. The server sends the alert a little later (its ALERT_DELAY_SECONDS) so an
 * undo tapped at the last second still arrives in time.
 */
export const ALERT_UNDO_SECONDS = 10;

/** Most marks one POST may carry (a whole roll of a big class, with room). */
export const MAX_MARKS_PER_REQUEST = 500;
export const ATTENDANCE_NOTE_MAX = 500;

const ZRef = z.object({ id: ZId, name: z.string() });

export const ZCheckpoint = z.object({
  id: ZId,
  node: ZRef,
  type: z.enum(CHECKPOINT_TYPES),
  direction: z.enum(CHECKPOINT_DIRECTIONS),
});
export type Checkpoint = z.infer<typeof ZCheckpoint>;

/** PUT attendance/checkpoints/{nodeId}: staff change what kind of checkpoint a node is. */
export const ZCheckpointInput = z.strictObject({ type: z.enum(CHECKPOINT_TYPES), direction: z.enum(CHECKPOINT_DIRECTIONS) });
export type CheckpointInput = z.infer<typeof ZCheckpointInput>;

/** What a relative answered to an absence post, shown on the roll. */
export const ZAttendanceExcuse = z.object({ text: z.string(), at: z.number().int(), by: ZRef });
export type AttendanceExcuse = z.infer<typeof ZAttendanceExcuse>;

export const ZAttendanceRecord = z.object({
  type: z.enum(ATTENDANCE_TYPES),
  /** When it was marked (epoch s). */
  time: z.number().int(),
  note: z.string(),
  markedBy: ZRef.nullable(),
  /** How many times the mark was corrected that day (corrections keep their history). */
  changes: z.number().int(),
  /** The family's "absence" post: `sent`, or `withdrawn` after a correction to present or excused. */
  alert: z.enum(['pending', 'sent', 'withdrawn']).nullable(),
  excuses: z.array(ZAttendanceExcuse),
});
export type AttendanceRecord = z.infer<typeof ZAttendanceRecord>;

export const ZRollEntry = z.object({
  person: z.object({ id: ZId, name: z.string(), studentCode: z.string().nullable(), avatar: z.string().nullable() }),
  record: ZAttendanceRecord.nullable(),
});
export type RollEntry = z.infer<typeof ZRollEntry>;

/** GET attendance/checkpoints/{nodeId}/log?date=YYYY-MM-DD: the roll of the node for the day. */
export const ZRoll = z.object({
  checkpoint: ZCheckpoint,
  date: z.string(),
  /** Someone took the roll that day (any record exists). */
  taken: z.boolean(),
  takenAt: z.number().int().nullable(),
  takenBy: ZRef.nullable(),
  /** The caller may mark (a teacher, group director or staff of the node). */
  canMark: z.boolean(),
  students: z.array(ZRollEntry),
});
export type Roll = z.infer<typeof ZRoll>;

export const ZRollQuery = z.object({ date: ZDay.optional() });

/** One mark in POST attendance/checkpoints/{nodeId}/log. `date` defaults to today; a future day is refused. */
export const ZAttendanceMark = z.strictObject({
  person: ZId,
  type: z.enum(ATTENDANCE_TYPES),
  note: z
    .string()
    .max(ATTENDANCE_NOTE_MAX)
    .refine((note) => !note.includes('\u0000'), 'A note may not hold NUL characters')
    .optional(),
  date: ZDay.optional(),
  /** Device time of an offline mark (epoch s): a later mark of the same person and day wins. */
  markedAt: z.number().int().optional(),
});
export type AttendanceMark = z.infer<typeof ZAttendanceMark>;
export const ZAttendanceMarks = z.union([ZAttendanceMark, z.array(ZAttendanceMark).min(1).max(MAX_MARKS_PER_REQUEST)]);

/** Answer of POST …/log: how many records changed and which were already so (an offline resend). */
export const ZMarksSaved = z.object({ changed: z.number().int(), unchanged: z.number().int() });

/** GET attendance/reports?node=&from=&to=. */
export const ZAttendanceReportQuery = z.object({
  node: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/)
    .transform(Number)
    .optional(),
  from: ZDay,
  to: ZDay,
  page: zQueryInteger(1, 100_000).default(1),
  limit: zQueryInteger(1, 1000).default(200),
});

const ZCounts = {
  present: z.number().int(),
  absent: z.number().int(),
  late: z.number().int(),
  excused: z.number().int(),
  /** (present + late) ÷ recorded marks, 0–1; null with no marks. */
  rate: z.number().nullable(),
};
export const ZStudentRate = z.object({ person: ZRef, group: ZRef.nullable(), ...ZCounts });
export const ZGroupRate = z.object({ node: ZRef, students: z.number().int(), ...ZCounts });
export const ZAttendanceReport = z.object({
  from: z.string(),
  to: z.string(),
  students: z.array(ZStudentRate),
  groups: z.array(ZGroupRate),
});
export type AttendanceReport = z.infer<typeof ZAttendanceReport>;

/** GET attendance/day?date=: the checkpoints of the day for /attendance/admin. */
export const ZCheckpointDay = z.object({
  checkpoint: ZCheckpoint,
  taken: z.boolean(),
  students: z.number().int(),
  absent: z.number().int(),
  late: z.number().int(),
  /** Who is missing (absent or late), for the admin's list. */
  missing: z.array(z.object({ person: ZRef, type: z.enum(ATTENDANCE_TYPES), note: z.string() })),
});
export const ZAttendanceDay = z.object({ date: z.string(), checkpoints: z.array(ZCheckpointDay) });
export type AttendanceDay = z.infer<typeof ZAttendanceDay>;

// The school ID card's QR code (issue 36 §3). The code is
// `v1.<orgId>.<personId>.<YYYY-MM-DD>.<mac>`: the school, the person, the school day it is good for (in the
// school's time zone) and a base64url HMAC-SHA256 of the first four parts under a key the server derives
// for that school from its signing secret. It proves "this school issued this card for this person today";
// it is not a sign-in: scanning it needs a staff member who may take the checkpoint's roll.

/** Longest code a scan accepts: a real one is under 90 characters; anything longer is not one. */
export const ID_CODE_MAX = 128;

/**
 * GET people/{id}/id-code: the person's code for today. Fetch it again after `validUntil`. Only a current
 * student has a card: anyone else (staff, parents, a former student) 404 `no_id_card`; callers other than
 * the person, their parent-like relatives and administrators 403.
 */
export const ZIdCode = z.object({
  /** What the QR code carries. */
  code: z.string(),
  /** The school day it is good for, YYYY-MM-DD in the school's time zone. */
  day: z.string(),
  /** End of that day (epoch s): the first second at which the code is refused as `code_expired`. */
  validUntil: z.number().int(),
});
export type IdCode = z.infer<typeof ZIdCode>;

/**
 * POST attendance/checkpoints/{nodeId}/scan: one scanned code. Refusals (400, nothing written):
 * `invalid_code` (not a code of this school, or altered), `code_expired` (another day's code); 404
 * `not_on_roll` when the person is not a current student of the checkpoint's node.
 */
export const ZScanInput = z.strictObject({
  code: z
    .string()
    .min(1)
    .max(ID_CODE_MAX)
    .refine((code) => !code.includes('\u0000'), 'A code may not hold NUL characters'),
});
export type ScanInput = z.infer<typeof ZScanInput>;

/**
 * Answer of a scan. `status` is the person's record on the roll for today after the scan: `present` (on a
 * bus checkpoint: boarded, or dropped off on a `bus_dropoff` one) when the scan marked them, or what was
 * already there (`present` or `late`) when `alreadyMarked`. A scan turns an earlier `absent` or `excused`
 * into `present`, exactly as a roll mark would.
 */
export const ZScanResult = z.object({
  person: z.object({ id: ZId, firstName: z.string(), lastName: z.string(), lastName2: z.string().nullable(), avatar: z.string().nullable() }),
  status: z.enum(ATTENDANCE_TYPES),
  /** The person was already present (or late) today at this checkpoint: the scan changed nothing. */
  alreadyMarked: z.boolean(),
  checkpoint: ZCheckpoint,
  /** The school day marked, YYYY-MM-DD. */
  date: z.string(),
});
export type ScanResult = z.infer<typeof ZScanResult>;
