import type { AttendanceDay, AttendanceRecord, AttendanceReport, Roll, RollEntry } from '@patio/core/schemas/attendance';
import { DEFAULT_TIME_ZONE } from '@patio/core/calendar/times';
import { BASE } from '../../test/fetchStub';
import { validToken } from '../../test/makeToken';
import { todayIn } from './attendanceText';

// Answers shaped as the zod contract of packages/core/src/schemas/attendance.ts, for screen tests.

export const ME = 7;
export const NODE = 70;
/** Today in the school's zone (the session has no settings: the default zone). */
export const TODAY = todayIn(DEFAULT_TIME_ZONE);
export const signedIn = () => ({ url: BASE, school: { code: 'demo', title: 'Colegio Demo', logo: null }, language: 'es-CO', token: validToken(ME) });

const FIRST = ['Ana', 'Bruno', 'Camila', 'Diego', 'Elena', 'Felipe', 'Gabriela', 'Hugo', 'Isabel', 'José', 'Karen', 'Luis', 'María', 'Nicolás', 'Olga', 'Pablo', 'Quique', 'Rosa', 'Samuel', 'Teresa', 'Úrsula', 'Víctor', 'Wilson', 'Ximena', 'Yolanda', 'Zoe', 'Andrés', 'Beatriz', 'Carlos', 'Daniela', 'Esteban', 'Fernanda', 'Gustavo', 'Helena', 'Iván'];

/** Student n (1-based) of the class: id 100+n, code CLA-00nn. */
export function student(n: number, record: AttendanceRecord | null = null): RollEntry {
  return { person: { id: 100 + n, name: `${FIRST[(n - 1) % FIRST.length]} Pérez`, studentCode: `CLA-${String(n).padStart(4, '0')}`, avatar: null }, record };
}

export const record = (extra: Partial<AttendanceRecord> = {}): AttendanceRecord => ({
  type: 'present',
  time: 1_790_000_000,
  note: '',
  markedBy: { id: ME, name: 'Carolina Restrepo' },
  changes: 0,
  alert: null,
  excuses: [],
  ...extra,
});

export const roll = (extra: Partial<Roll> = {}, size = 35): Roll => ({
  checkpoint: { id: 5, node: { id: NODE, name: '7A' }, type: 'class', direction: 'arriving' },
  date: TODAY,
  taken: false,
  takenAt: null,
  takenBy: null,
  canMark: true,
  students: Array.from({ length: size }, (_, i) => student(i + 1)),
  ...extra,
});

export const rollPath = (date = TODAY) => `GET attendance/checkpoints/${NODE}/log?date=${date}`;
export const logPath = `POST attendance/checkpoints/${NODE}/log`;

export const day = (extra: Partial<AttendanceDay> = {}): AttendanceDay => ({
  date: TODAY,
  checkpoints: [
    { checkpoint: { id: 5, node: { id: NODE, name: '7A' }, type: 'class', direction: 'arriving' }, taken: true, students: 5, absent: 1, late: 0, missing: [{ person: { id: 101, name: 'Ana Pérez' }, type: 'absent', note: 'Cita médica' }] },
    { checkpoint: { id: 6, node: { id: 71, name: '9A' }, type: 'class', direction: 'arriving' }, taken: false, students: 4, absent: 0, late: 0, missing: [] },
  ],
  ...extra,
});

export const report = (): AttendanceReport => ({
  from: `${TODAY.slice(0, 8)}01`,
  to: TODAY,
  groups: [{ node: { id: NODE, name: '7A' }, students: 5, present: 4, absent: 1, late: 0, excused: 0, rate: 0.8 }],
  students: [
    { person: { id: 101, name: 'Ana Pérez' }, group: { id: NODE, name: '7A' }, present: 0, absent: 1, late: 0, excused: 0, rate: 0 },
    { person: { id: 102, name: 'Bruno Pérez' }, group: { id: NODE, name: '7A' }, present: 1, absent: 0, late: 0, excused: 0, rate: 1 },
  ],
});
