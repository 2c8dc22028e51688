import type { AttendanceType, Roll, RollEntry } from '@patio/core/schemas/attendance';
import type { QueuedMark, SyncStatus } from './markQueue';

// What the roll shows for each student, from three layers: a mark queued on this device wins over the
// server's record, which wins over the default: everyone present until marked (issue 33: every tap is
// saved as it is made, the first roll and later corrections alike).

/** Where a student's shown state comes from. */
export type MarkSource = 'queued' | 'saved' | 'default';

export interface StudentState {
  entry: RollEntry;
  type: AttendanceType;
  note: string;
  source: MarkSource;
}

/** The shown state of every student of a roll for its day. */
export function studentStates(roll: Roll, queued: readonly QueuedMark[]): StudentState[] {
  const queuedOfDay = new Map(queued.filter((mark) => mark.date === roll.date).map((mark) => [mark.person, mark]));
  return roll.students.map((entry) => {
    const mine = queuedOfDay.get(entry.person.id);
    if (mine) return { entry, type: mine.type, note: mine.note ?? entry.record?.note ?? '', source: 'queued' };
    if (entry.record) return { entry, type: entry.record.type, note: entry.record.note, source: 'saved' };
    return { entry, type: 'present', note: '', source: 'default' };
  });
}

/** A student has a mark on the server or on its way there. */
export const isRecorded = (state: StudentState) => state.source !== 'default';

/**
 * What a row says of its mark: none yet (present by default), on its way (pending), held on the device
 * (waiting: offline, or a retry is planned), refused (failed, with retry), or saved on the server.
 */
export type RowStatus = 'none' | 'pending' | 'waiting' | 'failed' | 'saved';

export function rowStatusOf(state: StudentState, sync: { status: SyncStatus; isOnline: boolean }): RowStatus {
  if (state.source === 'default') return 'none';
  if (state.source === 'saved') return 'saved';
  if (sync.status === 'failed') return 'failed';
  if (!sync.isOnline || sync.status === 'waiting') return 'waiting';
  return 'pending';
}

export type Counters = Record<AttendanceType, number>;

export function countersOf(states: readonly StudentState[]): Counters {
  const counters: Counters = { present: 0, absent: 0, late: 0, excused: 0 };
  for (const state of states) counters[state.type] += 1;
  return counters;
}

/** The marks "mark the rest present" sends: every student without a mark, in list order. */
export function marksToSave(states: readonly StudentState[], date: string, markedAt: number): QueuedMark[] {
  return states
    .filter((state) => !isRecorded(state))
    .map((state) => ({ person: state.entry.person.id, type: state.type, date, markedAt, ...(state.note ? { note: state.note } : {}) }));
}

/** Lower case without accents, so "jose" finds "José". */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Students whose name or student code contains every word typed. */
export function matchesSearch(entry: RollEntry, query: string): boolean {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldText(`${entry.person.name} ${entry.person.studentCode ?? ''}`);
  return words.every((word) => haystack.includes(word));
}

/** The roll with marks the server accepted, until it is read again (their records as the server will show them). */
export function applyMarks(roll: Roll, marks: readonly QueuedMark[]): Roll {
  const ofDay = new Map(marks.filter((mark) => mark.date === roll.date).map((mark) => [mark.person, mark]));
  if (ofDay.size === 0) return roll;
  const students = roll.students.map((entry) => {
    const mark = ofDay.get(entry.person.id);
    if (!mark) return entry;
    const old = entry.record;
    const changed = old !== null && old.type !== mark.type;
    return {
      ...entry,
      record: {
        type: mark.type,
        time: mark.markedAt,
        note: mark.note ?? old?.note ?? '',
        markedBy: old?.markedBy ?? null,
        changes: (old?.changes ?? 0) + (changed ? 1 : 0),
        alert: old?.alert ?? null,
        excuses: old?.excuses ?? [],
      },
    };
  });
  const first = Math.min(...[...ofDay.values()].map((mark) => mark.markedAt));
  return { ...roll, students, taken: true, takenAt: roll.takenAt ?? first };
}
