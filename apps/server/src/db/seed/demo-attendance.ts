import { addDays, dateParts, epochOfWallClock } from '@patio/core/calendar/times';
import type { Org } from '../../policy/policy';
import { todayAt } from '../../modules/attendance/attendance.days';
import { ensureCheckpoints } from '../../modules/attendance/attendance.checkpoints';
import { findNodeStudents, findNodesWithTypes, insertChange, insertRecord } from '../../modules/attendance/attendance.queries';
import { findMembershipsIn } from '../../modules/nodes/index';
import { timeZoneOf } from '../../modules/settings/index';
import type { Database } from '../database';
import type { SeedStep } from './demo-school';

// The demo's attendance (issue 15): checkpoints on the four classes and bus route 1, and the rolls of
// the last ten school days taken by each class's group director, so /attendance/admin shows rates.
// Today's rolls are left for the demo teacher to take (7A, 9A). Seeded marks send no alerts: the
// records carry no alert state and no alert job is queued.

export const DEMO_ATTENDANCE_DAYS = 10;

/** A stable, uneven mark: most students present, now and then one late or absent (one excused). */
function markOf(personId: number, dayIndex: number): 'present' | 'absent' | 'late' | 'excused' {
  const h = (personId * 7919 + dayIndex * 104_729) % 97;
  if (h < 4) return 'absent';
  if (h < 9) return 'late';
  if (h === 9) return 'excused';
  return 'present';
}

/** The last `count` weekdays before today, oldest first. */
function pastSchoolDays(today: string, count: number): string[] {
  const days: string[] = [];
  for (let back = 1; days.length < count; back++) {
    const day = addDays(today, -back);
    const { year, month, day: d } = dateParts(day);
    const weekday = new Date(Date.UTC(year, month - 1, d)).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.unshift(day);
  }
  return days;
}

export const demoAttendance: SeedStep = {
  name: 'attendance',
  async run(db: Database, org: Org) {
    const zone = timeZoneOf(org.settings);
    const nodes = (await findNodesWithTypes(db, org.id)).filter((n) => n.type_key === 'class' || n.type_key === 'route');
    await ensureCheckpoints(db, org.id, nodes);
    const classes = nodes.filter((n) => n.type_key === 'class');
    const directors = new Map((await findMembershipsIn(db, org.id, classes.map((c) => c.id), ['group_director'])).map((m) => [m.node_id, m.person_id]));
    const days = pastSchoolDays(todayAt(org), DEMO_ATTENDANCE_DAYS);
    for (const node of classes) {
      const markedBy = directors.get(node.id);
      if (markedBy === undefined) continue;
      const students = await findNodeStudents(db, org.id, node.id);
      for (const [i, date] of days.entries()) {
        const time = epochOfWallClock(date, 7 * 3600 + 5 * 60, zone);
        for (const student of students) {
          const type = markOf(student.id, i);
          const recordId = await insertRecord(db, org.id, { nodeId: node.id, personId: student.id, date, type, time, note: '', markedBy, alertState: null });
          if (recordId !== null) await insertChange(db, org.id, { recordId, type, previousType: null, note: '', time, markedBy });
        }
      }
    }
  },
};
