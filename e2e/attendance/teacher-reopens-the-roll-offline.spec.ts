import { expect, test } from '../support/test';
import type { Roll } from '../../packages/core/src/schemas/attendance';
import { callApi, openSignedIn, personIdOf } from '../posts/people-and-api';
import { capture } from '../posts/screens';
import { apiToken } from '../support/journey';
import { PHONE } from '../support/screenshots';
import { fill } from '../support/texts';
import { at, schoolDay, studentChoices, syncStatus } from './screens';

// The demo's `teacher` directs 7A. This journey takes a roll four weeks back, before the seed's ten
// school days (apps/server/src/db/seed/demo-attendance.ts) and the other attendance journey's today and
// yesterday, so it changes no rate or roll that one reads; every student is present, so no family is alerted.
const CLASS = '7A';
const STUDENT_ON_ROLL = 'Gómez Ruiz, Valentina';

test('a teacher who opened the roll once reloads it with no network: the app starts from the service worker, shows the stored roll, keeps the saved marks and syncs them when the network is back', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const day = schoolDay(-28);
  const teacherToken = await apiToken(baseURL!, 'demo', 'teacher');
  const me = await callApi(baseURL!, 'demo', teacherToken, 'GET', `people/${personIdOf(teacherToken)}`);
  const classId = (me.body as { groups: { nodeId: number; nodeName: string }[] }).groups.find((g) => g.nodeName === CLASS)!.nodeId;
  const rollApi = `attendance/checkpoints/${classId}/log?date=${day}`;
  const students = ((await callApi(baseURL!, 'demo', teacherToken, 'GET', rollApi)).body as Roll).students;
  expect(students.every((s) => s.record === null), 'a roll not taken yet').toBe(true);

  // ── 1. Online: the roll opens, and the service worker is installed and controls the page ───────
  const teacher = await openSignedIn(browser, 'demo', 'teacher', PHONE);
  const tp = teacher.page;
  const rollUrl = `/attendance/checkpoint/${classId}?date=${day}`;
  await tp.goto(rollUrl);
  await expect(tp.getByRole('heading', { level: 1, name: CLASS })).toBeVisible();
  await expect(studentChoices(tp, STUDENT_ON_ROLL)).toBeVisible();
  await tp.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => tp.evaluate(() => navigator.serviceWorker.controller?.scriptURL), { message: 'the page is controlled by /sw.js' }).toMatch(/\/sw\.js$/);

  // ── 2. Offline: a reload still starts the app, with the roll this phone read ───────────────────
  await teacher.context.setOffline(true);
  const reloaded = await tp.reload();
  expect(reloaded?.fromServiceWorker(), 'the page came from the service worker').toBe(true);
  await expect(tp.getByRole('heading', { level: 1, name: CLASS })).toBeVisible();
  await expect(tp.getByText(at.roll.offlineCopy)).toBeVisible();
  await expect(tp.getByRole('radio', { name: at.types.present, checked: true })).toHaveCount(students.length);

  // The roll is saved on the phone: its marks wait for the network.
  await tp.getByRole('button', { name: fill(at.roll.saveRest, { count: students.length }) }).click();
  await expect(syncStatus(tp)).toContainText(fill(at.sync.pending_other, { count: students.length }));
  await expect(syncStatus(tp)).toContainText(at.sync.offline);

  // ── 3. Back online, the marks go; the server has the roll ─────────────────────────────────────
  await teacher.context.setOffline(false);
  await expect(syncStatus(tp)).toContainText(at.sync.synced, { timeout: 30_000 });
  const after = (await callApi(baseURL!, 'demo', teacherToken, 'GET', rollApi)).body as Roll;
  expect(after.students.map((s) => s.record?.type)).toEqual(students.map(() => 'present'));
  await capture(tp, 'attendance-roll-synced-after-offline', syncStatus(tp));

  await teacher.context.close();
});
