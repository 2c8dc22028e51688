import { ZAttendanceDay, ZAttendanceReport, ZRoll } from '@patio/core';
import { addDays } from '@patio/core/calendar/times';
import { expect, it } from 'vitest';
import { todayAt } from '../../modules/attendance/attendance.days';
import { findNodeByName } from '../../modules/nodes/nodes.queries';
import { findOrgByCode } from '../../modules/org/org.queries';
import { findPersonIdByUsername } from '../../modules/people/people.queries';
import { describeOnDatabases } from '../../test/harness';

// The demo's attendance (issue 15): past rolls give /attendance/admin its rates without any alert,
// and the demo teacher takes today's roll of 7A.
describeOnDatabases(
  'the demo attendance',
  (t) => {
    it("shows the admin past rates without alerts and lets the teacher take today's roll of 7A", async () => {
      const org = (await findOrgByCode(t.db, 'demo'))!;
      const as = async (username: string, method: 'GET' | 'POST', path: string, body?: unknown) =>
        t.request({ method, url: `/api/demo/${path}`, token: await t.app.patio.tokens.sign('demo', (await findPersonIdByUsername(t.db, org.id, username))!), body });
      const today = todayAt(org);

      const report = ZAttendanceReport.parse((await as('admin', 'GET', `attendance/reports?from=${addDays(today, -20)}&to=${today}`)).json());
      expect(report.groups.map((g) => g.node.name).sort()).toEqual(['3A', '5A', '7A', '9A']);
      expect(report.groups.every((g) => g.rate !== null && g.rate > 0.5 && g.rate <= 1)).toBe(true);
      expect(report.students.some((s) => s.absent > 0)).toBe(true);
      const alerts = await t.db.selectFrom('jobs').select('id').where('org_id', '=', org.id).where('kind', '=', 'attendance.alert').execute();
      expect(alerts).toEqual([]);
      expect(await t.db.selectFrom('posts').select('id').where('org_id', '=', org.id).where('type', '=', 'absence').where('title', 'like', 'Ausencia:%').execute()).toEqual([]);

      const day = ZAttendanceDay.parse((await as('admin', 'GET', 'attendance/day')).json());
      expect(day.checkpoints.map((c) => c.checkpoint.node.name)).toEqual(expect.arrayContaining(['3A', '5A', '7A', '9A', 'Ruta 1']));
      expect(day.checkpoints.every((c) => !c.taken)).toBe(true);

      const classId = (await findNodeByName(t.db, org.id, '7A'))!.id;
      const roll = ZRoll.parse((await as('teacher', 'GET', `attendance/checkpoints/${classId}/log`)).json());
      expect(roll).toMatchObject({ date: today, taken: false, checkpoint: { type: 'class', direction: 'arriving' } });
      expect(roll.students.length).toBeGreaterThan(3);
      const marks = roll.students.map((s, i) => ({ person: s.person.id, type: i === 0 ? 'absent' : 'present' }));
      const saved = await as('teacher', 'POST', `attendance/checkpoints/${classId}/log`, marks);
      expect(saved.json()).toEqual({ changed: marks.length, unchanged: 0 });
    });
  },
  { seedDemo: true },
);
