import { addDays, localDateOf } from '@patio/core/calendar/times';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeOnDatabases, type TestApp } from '../../test/harness';
import type { TestPerson } from '../../test/factories';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { publishForm } from '../forms/forms.fixtures';
import { endRunsOf, freshRun, nextReportTime, postReport, reportAt } from '../transport/transport.fixtures';
import { timeZoneOf } from '../settings/index';

// Dashboards (issue 36 §2): CRUD and its refusals, Inicio made once, a block's figures per viewer.

describeOnDatabases('dashboards', (t: TestApp) => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld(t);
  });

  const call = async (who: TestPerson, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, school = who.org.code) =>
    t.request({ method, url: `/api/${school}/${path}`, token: await t.signIn(who), body });
  const today = () => localDateOf(Math.floor(Date.now() / 1000), timeZoneOf(w.school.settings));
  const dashboardRows = async (orgId: number) => t.db.selectFrom('dashboards').selectAll().where('org_id', '=', orgId).orderBy('id').execute();
  const blockRows = async (orgId: number) => t.db.selectFrom('dashboard_blocks').selectAll().where('org_id', '=', orgId).orderBy('id').execute();

  /** A dashboard of the world's school made by its admin; answers the created dashboard. */
  async function makeDashboard(body: Record<string, unknown>) {
    const res = await call(w.admin, 'POST', 'dashboards', body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; blocks: { id: number; kind: string }[] };
  }

  /** The figures of one block as `who` sees them. */
  const dataOf = (who: TestPerson, dashboard: { id: number; blocks: { id: number }[] }, index = 0, query = '') =>
    call(who, 'GET', `dashboards/${dashboard.id}/blocks/${dashboard.blocks[index].id}/data${query}`);

  describe('writing', () => {
    it('item 2: an administrator creates, reads, replaces and deletes a dashboard, and kept blocks keep their ids', async () => {
      const created = await makeDashboard({
        title: 'Primaria',
        audience: ['teachers'],
        blocks: [
          { kind: 'attendance', options: { period: 'last7Days', node: w.tree.classA } },
          { kind: 'readRate', title: 'Urgentes', options: { postType: 'urgent_notice', limit: 3 } },
        ],
      });
      expect(created).toMatchObject({ title: 'Primaria', home: false, audience: ['teachers'], mayEdit: true });
      expect(created.blocks.map((b) => b.kind)).toEqual(['attendance', 'readRate']);

      const read = await call(w.admin, 'GET', `dashboards/${created.id}`);
      expect(read.json()).toMatchObject({
        blocks: [
          { kind: 'attendance', title: null, options: { period: 'last7Days', node: w.tree.classA, postId: null, postType: null, formId: null, limit: 5 } },
          { kind: 'readRate', title: 'Urgentes', options: { postType: 'urgent_notice', limit: 3, period: 'last30Days' } },
        ],
      });

      const [kept, dropped] = created.blocks;
      const put = await call(w.admin, 'PUT', `dashboards/${created.id}`, {
        title: 'Primaria y bachillerato',
        audience: ['teachers', 'employees'],
        blocks: [{ kind: 'busesRunning' }, { id: kept.id, kind: 'attendance', options: { period: 'today' } }],
      });
      expect(put.statusCode, put.body).toBe(200);
      const replaced = put.json();
      expect(replaced).toMatchObject({ title: 'Primaria y bachillerato', audience: ['teachers', 'employees'] });
      expect(replaced.blocks.map((b: { kind: string }) => b.kind)).toEqual(['busesRunning', 'attendance']);
      expect(replaced.blocks[1]).toMatchObject({ id: kept.id, options: { period: 'today', node: null } });
      expect((await blockRows(w.school.id)).some((b) => b.id === dropped.id)).toBe(false);

      const ofBlock = await call(w.teacherA, 'GET', `dashboards/blocks/${kept.id}`);
      expect(ofBlock.statusCode).toBe(200);
      expect(ofBlock.json()).toMatchObject({ id: created.id, mayEdit: false });
      const listed = (await call(w.employee, 'GET', 'dashboards')).json();
      expect(listed[0]).toMatchObject({ home: true, title: null });
      expect(listed.find((d: { id: number }) => d.id === created.id)).toMatchObject({ blocks: 2, mayEdit: false });

      expect((await call(w.admin, 'DELETE', `dashboards/${created.id}`)).statusCode).toBe(204);
      expect((await call(w.admin, 'GET', `dashboards/${created.id}`)).statusCode).toBe(404);
      expect((await blockRows(w.school.id)).some((b) => b.dashboard_id === created.id)).toBe(false);
    });

    it('item 2: bad blocks, ids of other schools and foreign block ids are refused with a clear code and change nothing', async () => {
      const norteNode = (await t.db.selectFrom('nodes').select('id').where('org_id', '=', w.otherSchool.id).executeTakeFirstOrThrow()).id;
      const { formId } = await publishForm(t, w.teacherA, [w.parentA]);
      const refusals: [unknown[], string][] = [
        [[{ kind: 'readRate' }], 'block_options'],
        [[{ kind: 'readRate', options: { postId: 1, postType: 'urgent_notice' } }], 'block_options'],
        [[{ kind: 'formResults' }], 'block_options'],
        [[{ kind: 'attendance', options: { formId } }], 'block_options'],
        [[{ kind: 'attendance', options: { node: norteNode } }], 'unknown_node'],
        [[{ kind: 'readRate', options: { postId: 2_000_000_000 } }], 'unknown_post'],
        [[{ kind: 'formResults', options: { formId: 2_000_000_000 } }], 'unknown_form'],
        [[{ kind: 'attendance', options: { period: 'forever' } }], 'invalid_request'],
        [[{ kind: 'nothing' }], 'invalid_request'],
        [Array.from({ length: 25 }, () => ({ kind: 'attendance' })), 'invalid_request'],
      ];
      const before = { dashboards: (await dashboardRows(w.school.id)).length, blocks: (await blockRows(w.school.id)).length };
      for (const [blocks, code] of refusals) {
        const res = await call(w.admin, 'POST', 'dashboards', { title: 'Mal', blocks });
        expect(res.statusCode, JSON.stringify(blocks)).toBe(400);
        expect(res.json().error, JSON.stringify(blocks)).toBe(code);
      }
      for (const title of ['', 'a\u0000b', 'x'.repeat(121)]) {
        expect((await call(w.admin, 'POST', 'dashboards', { title })).statusCode).toBe(400);
      }
      // A form of the school is fine, and a block id on a new dashboard is none of its own.
      expect((await call(w.admin, 'POST', 'dashboards', { title: 'Ids', blocks: [{ id: 1, kind: 'attendance' }] })).json().error).toBe('unknown_block');
      expect((await dashboardRows(w.school.id)).length).toBe(before.dashboards);
      expect((await blockRows(w.school.id)).length).toBe(before.blocks);

      const mine = await makeDashboard({ title: 'Mío', blocks: [{ kind: 'formResults', options: { formId } }, { kind: 'attendance' }] });
      const other = await makeDashboard({ title: 'Otro', blocks: [{ kind: 'busesRunning' }] });
      const snapshot = await blockRows(w.school.id);
      const put = (blocks: unknown[]) => call(w.admin, 'PUT', `dashboards/${mine.id}`, { title: 'Cambiado', blocks });
      for (const blocks of [
        [{ id: other.blocks[0].id, kind: 'busesRunning' }],
        [{ kind: 'pendingRegistrations' }, { id: mine.blocks[1].id, kind: 'attendance' }, { id: mine.blocks[1].id, kind: 'attendance' }],
      ]) {
        const res = await put(blocks);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe('unknown_block');
      }
      expect((await put([{ kind: 'readRate' }])).json().error).toBe('block_options');
      expect(await blockRows(w.school.id)).toEqual(snapshot);
      expect((await call(w.admin, 'GET', `dashboards/${mine.id}`)).json().title).toBe('Mío');
      expect((await call(w.admin, 'PUT', `dashboards/999999`, { title: 'Nada' })).statusCode).toBe(404);
    });

    it("item 2: Inicio keeps its null title on a PUT and is never deleted (409 home_dashboard)", async () => {
      const home = (await call(w.admin, 'GET', 'dashboards/home')).json();
      const put = await call(w.admin, 'PUT', `dashboards/${home.id}`, { title: 'Renamed', audience: ['teachers', 'employees'], blocks: home.blocks });
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toMatchObject({ id: home.id, title: null, home: true });
      expect(put.json().blocks).toEqual(home.blocks);
      const del = await call(w.admin, 'DELETE', `dashboards/${home.id}`);
      expect(del.statusCode).toBe(409);
      expect(del.json().error).toBe('home_dashboard');
    });
  });

  describe('who sees what', () => {
    it("item 2: norte's admin gets 404 for the school's dashboard, a family and a driver 403, staff outside the audience 403", async () => {
      const dashboard = await makeDashboard({ title: 'Docentes', audience: ['teachers'], blocks: [{ kind: 'attendance' }] });
      const norte = w.otherSchool.code;
      for (const [method, path] of [
        ['GET', `dashboards/${dashboard.id}`],
        ['PUT', `dashboards/${dashboard.id}`],
        ['DELETE', `dashboards/${dashboard.id}`],
        ['GET', `dashboards/blocks/${dashboard.blocks[0].id}`],
        ['GET', `dashboards/${dashboard.id}/blocks/${dashboard.blocks[0].id}/data`],
      ] as const) {
        const res = await call(w.otherAdmin, method, path, method === 'PUT' ? { title: 'Robado' } : undefined, norte);
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.json().error).toBe('not_found');
        // With norte's token on the school's base: another school's token.
        expect((await call(w.otherAdmin, method, path, undefined, w.school.code)).statusCode).toBe(403);
      }
      expect((await call(w.admin, 'GET', `dashboards/${dashboard.id}`)).json().title).toBe('Docentes');
      expect((await dashboardRows(w.school.id)).some((d) => d.id === dashboard.id)).toBe(true);

      for (const family of [w.parentA, w.studentA, w.driver]) {
        for (const path of ['dashboards', 'dashboards/home', `dashboards/${dashboard.id}`, `dashboards/999999`, `dashboards/${dashboard.id}/blocks/${dashboard.blocks[0].id}/data`]) {
          const res = await call(family, 'GET', path);
          expect(res.statusCode, path).toBe(403);
          expect(res.json().error).toBe('forbidden');
        }
      }
      expect((await call(w.teacherA, 'POST', 'dashboards', { title: 'Mío' })).statusCode).toBe(403);
      expect((await call(w.teacherB, 'GET', `dashboards/${dashboard.id}`)).statusCode).toBe(200);
      expect((await call(w.employee, 'GET', `dashboards/${dashboard.id}`)).statusCode).toBe(403);
      expect((await call(w.employee, 'GET', `dashboards/${dashboard.id}/blocks/${dashboard.blocks[0].id}/data`)).statusCode).toBe(403);
      expect((await call(w.employee, 'GET', 'dashboards')).json().map((d: { id: number }) => d.id)).not.toContain(dashboard.id);
      // A block of another dashboard through this one: 404.
      const other = await makeDashboard({ title: 'Otro', audience: ['teachers'], blocks: [{ kind: 'attendance' }] });
      expect((await call(w.teacherA, 'GET', `dashboards/${dashboard.id}/blocks/${other.blocks[0].id}/data`)).statusCode).toBe(404);
    });

    it('item 2: twenty parallel first reads of a new school make one Inicio with its seeded blocks', async () => {
      const school = await t.makeSchool();
      const admin = await t.makePerson(school, { role: 'admin' });
      const teacher = await t.makePerson(school, { role: 'teacher', className: `Clase ${school.code}` });
      const answers = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => call(i % 3 === 0 ? teacher : admin, 'GET', i % 2 === 0 ? 'dashboards/home' : 'dashboards')),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      const homes = await dashboardRows(school.id);
      expect(homes).toHaveLength(1);
      expect(homes[0]).toMatchObject({ home: 1, title: null });
      const ids = answers.map((a) => (Array.isArray(a.json()) ? a.json()[0].id : a.json().id));
      expect(new Set(ids)).toEqual(new Set([homes[0].id]));
      const home = answers.find((a) => !Array.isArray(a.json()))!.json();
      expect(home).toMatchObject({ home: true, title: null, audience: ['teachers', 'employees'] });
      expect(home.blocks.map((b: { kind: string }) => b.kind)).toEqual(['attendance', 'rollsNotTaken', 'pendingRegistrations', 'payments', 'readRate', 'busesRunning']);
      expect(home.blocks[4].options).toMatchObject({ postType: 'urgent_notice', limit: 5, period: 'last7Days' });
      expect(home.blocks[0].options.period).toBe('today');
      expect(await blockRows(school.id)).toHaveLength(6);
    });
  });

  describe('figures', () => {
    it("item 2: a teacher's attendance block shows only their groups; a group out of reach 403 forbidden_node; a bad period 400", async () => {
      const day = addDays(today(), -1);
      for (const [teacher, node, student, type] of [
        [w.teacherA, w.tree.classA, w.studentA, 'present'],
        [w.teacherB, w.tree.classB, w.studentB, 'absent'],
      ] as const) {
        const res = await call(teacher, 'POST', `attendance/checkpoints/${node}/log`, [{ person: student.id, type, date: day }]);
        expect(res.statusCode, res.body).toBe(200);
      }
      const dashboard = await makeDashboard({
        title: 'Asistencia',
        audience: ['teachers', 'employees'],
        blocks: [{ kind: 'attendance', options: { period: 'today' } }, { kind: 'attendance', options: { node: w.tree.classB } }],
      });
      const period = `?from=${day}&to=${day}`;
      const groupsOf = async (who: TestPerson, query = period) => {
        const res = await dataOf(who, dashboard, 0, query);
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      const asTeacher = await groupsOf(w.teacherA);
      expect(asTeacher.groups.map((g: { node: { id: number } }) => g.node.id)).toEqual([w.tree.classA]);
      expect(asTeacher).toMatchObject({ kind: 'attendance', from: day, to: day, node: null, total: { present: 1, absent: 0, rate: 1 } });
      const asAdmin = await groupsOf(w.admin);
      expect(asAdmin.groups.map((g: { node: { id: number } }) => g.node.id)).toEqual([w.tree.classA, w.tree.classB]);
      expect(asAdmin.total).toMatchObject({ present: 1, absent: 1, rate: 0.5 });
      expect((await groupsOf(w.employee)).groups).toHaveLength(2);
      const narrowed = await groupsOf(w.admin, `${period}&node=${w.tree.classB}`);
      expect(narrowed).toMatchObject({ node: { id: w.tree.classB, name: '3B' }, total: { absent: 1, present: 0 } });
      // The default period (today) holds nothing of yesterday.
      expect((await groupsOf(w.admin, '')).total.present).toBe(0);

      const norteNode = (await t.db.selectFrom('nodes').select('id').where('org_id', '=', w.otherSchool.id).executeTakeFirstOrThrow()).id;
      for (const [who, index, query] of [
        [w.teacherA, 0, `${period}&node=${w.tree.classB}`],
        [w.teacherA, 1, period],
        [w.admin, 0, `${period}&node=${norteNode}`],
      ] as const) {
        const res = await dataOf(who, dashboard, index, query);
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().error).toBe('forbidden_node');
      }
      for (const query of [`?from=${day}&to=${addDays(day, -1)}`, `?from=${addDays(day, -366)}&to=${day}`]) {
        const res = await dataOf(w.admin, dashboard, 0, query);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe('bad_period');
      }
      expect((await dataOf(w.admin, dashboard, 0, `?from=${addDays(day, -365)}&to=${day}`)).statusCode).toBe(200);
      expect((await dataOf(w.admin, dashboard, 0, '?from=2026-02-30')).json().error).toBe('invalid_request');
    });

    it('item 2: rollsNotTaken lists the class rolls in reach with no mark on the day', async () => {
      const day = addDays(today(), -3);
      const res = await call(w.teacherA, 'POST', `attendance/checkpoints/${w.tree.classA}/log`, [{ person: w.studentA.id, type: 'late', date: day }]);
      expect(res.statusCode, res.body).toBe(200);
      const dashboard = await makeDashboard({ title: 'Listas', audience: ['teachers'], blocks: [{ kind: 'rollsNotTaken' }] });
      const asAdmin = (await dataOf(w.admin, dashboard, 0, `?from=${day}&to=${day}`)).json();
      expect(asAdmin).toMatchObject({ kind: 'rollsNotTaken', day, node: null, expected: 2 });
      expect(asAdmin.missing.map((m: { node: { id: number } }) => m.node.id)).toEqual([w.tree.classB]);
      const asTeacherA = (await dataOf(w.teacherA, dashboard, 0, `?from=${day}&to=${day}`)).json();
      expect(asTeacherA).toMatchObject({ expected: 1, missing: [] });
      const asTeacherB = (await dataOf(w.teacherB, dashboard, 0, `?from=${day}&to=${day}`)).json();
      expect(asTeacherB).toMatchObject({ expected: 1, missing: [{ node: { id: w.tree.classB, name: '3B' } }] });
      // Counted on the period's last day; narrowed to a subtree.
      const narrowed = (await dataOf(w.admin, dashboard, 0, `?from=${addDays(day, -5)}&to=${day}&node=${w.tree.classA}`)).json();
      expect(narrowed).toMatchObject({ day, expected: 1, missing: [] });
    });

    it('item 2: pendingRegistrations counts the pending registrations and since when the oldest waits; teachers 403 forbidden_block', async () => {
      const school = await t.makeSchool();
      const admin = await t.makePerson(school, { role: 'admin' });
      const teacher = await t.makePerson(school, { role: 'teacher', className: `Clase ${school.code}` });
      const home = (await call(admin, 'GET', 'dashboards/home')).json();
      const index = home.blocks.findIndex((b: { kind: string }) => b.kind === 'pendingRegistrations');
      expect((await dataOf(admin, home, index)).json()).toEqual({ kind: 'pendingRegistrations', count: 0, oldestAt: null });
      const first = await makeRegistrant(t, school);
      await makeRegistrant(t, school);
      await makeRegistrant(t, school, { status: 'approved' });
      const oldest = await t.db.selectFrom('registrations').select('created_at').where('org_id', '=', school.id).where('person_id', '=', first.id).executeTakeFirstOrThrow();
      expect((await dataOf(admin, home, index)).json()).toEqual({ kind: 'pendingRegistrations', count: 2, oldestAt: Date.parse(oldest.created_at) });
      const refused = await dataOf(teacher, home, index);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toBe('forbidden_block');
    });

    it('item 2: busesRunning lists the routes with a run on, when it started and when its bus last reported', async () => {
      await endRunsOf(t, w);
      const home = (await call(w.admin, 'GET', 'dashboards/home')).json();
      const index = home.blocks.findIndex((b: { kind: string }) => b.kind === 'busesRunning');
      expect((await dataOf(w.admin, home, index)).json()).toEqual({ kind: 'busesRunning', routes: [] });
      const before = Date.now();
      const runId = await freshRun(t, w);
      const started = (await dataOf(w.admin, home, index)).json();
      expect(started.routes).toHaveLength(1);
      expect(started.routes[0]).toMatchObject({ id: w.route, name: 'Route 1', lastPositionAt: null });
      expect(started.routes[0].startedAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      const report = await postReport(t, w, w.driver, reportAt(4.69, -74.049, nextReportTime()));
      expect(report.statusCode, report.body).toBeLessThan(300);
      const reported = (await dataOf(w.admin, home, index)).json();
      expect(reported.routes[0].lastPositionAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      // Routes outside the filter's subtree are left out; staff see the routes the transport area shows them.
      expect((await dataOf(w.admin, home, index, `?node=${w.tree.section}`)).json().routes).toEqual([]);
      expect((await dataOf(w.admin, home, index, `?node=${w.tree.root}`)).json().routes).toHaveLength(1);
      expect((await dataOf(w.employee, home, index)).json().routes).toEqual(reported.routes);
      const finished = await call(w.driver, 'POST', `transport/routes/${w.route}/runs/${runId}/finish`);
      expect(finished.statusCode, finished.body).toBe(200);
      expect((await dataOf(w.admin, home, index)).json().routes).toEqual([]);
    });
  });
});
