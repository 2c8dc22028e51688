import { expect, test, type Page } from '../support/test';
import type { Roll } from '../../packages/core/src/schemas/attendance';
import { callApi, openSignedIn, personIdOf } from '../posts/people-and-api';
import { capture, mainNav, threadRow } from '../posts/screens';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken } from '../support/journey';
import { DESKTOP, PHONE } from '../support/screenshots';
import { fill, texts } from '../support/texts';
import { alertTexts, at, choice, counterValue, rateOf, rowOf, schoolDay, studentChoices, syncStatus } from './screens';

const es = texts.es;

// The demo (apps/server/src/db/seed/demo-people.ts): `teacher` directs 7A, where the demo parent's
// daughter Valentina studies. The roll names people "last names, first name"; the post, in full.
const CLASS = '7A';
const STUDENT_ON_ROLL = 'Gómez Ruiz, Valentina';
const STUDENT = 'Valentina Gómez Ruiz';
const EXCUSE = 'Tuvo cita médica a primera hora.';

/** Reloads a page until `check` passes: the absence post goes out through a job once the undo window is over (some 15 s after the mark). */
async function pollWithReload(page: Page, check: () => Promise<void>, timeout = 90_000): Promise<void> {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout, intervals: [3_000, 5_000] });
}

test('a teacher takes the roll of 7A on a phone in two taps, each mark saved as taken and one undone; the family is told of the absence after the undo window and can excuse it, the admin sees the rate drop, and a correction withdraws the notice', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const yesterday = schoolDay(-1);

  // ── 0. Yesterday everyone came (set up through the API, as the teacher) ─────────────────────────
  const teacherToken = await apiToken(baseURL!, 'demo', 'teacher');
  const me = await callApi(baseURL!, 'demo', teacherToken, 'GET', `people/${personIdOf(teacherToken)}`);
  const classId = (me.body as { groups: { nodeId: number; nodeName: string }[] }).groups.find((g) => g.nodeName === CLASS)!.nodeId;
  const before = await callApi(baseURL!, 'demo', teacherToken, 'GET', `attendance/checkpoints/${classId}/log?date=${yesterday}`);
  expect(before.status).toBe(200);
  const students = (before.body as Roll).students;
  const marks = students.map((s) => ({ person: s.person.id, type: 'present', date: yesterday }));
  expect((await callApi(baseURL!, 'demo', teacherToken, 'POST', `attendance/checkpoints/${classId}/log`, marks)).status).toBe(200);

  // ── 1. The admin sees 7A at 100 % since yesterday, today's roll not taken ─────────────────────
  const admin = await openSignedIn(browser, 'demo', 'admin', DESKTOP);
  const ap = admin.page;
  await ap.goto('/attendance/admin');
  await expect(ap.getByRole('heading', { level: 1, name: es.screens.attendanceAdmin })).toBeVisible();
  await expect(ap.getByRole('link', { name: fill(at.admin.takeRoll, { name: CLASS }) })).toBeVisible();
  await ap.getByLabel(at.admin.from).fill(yesterday);
  await expect.poll(() => rateOf(ap, at.admin.byGroup, CLASS)).toBe(100);

  // ── 2. The teacher, on her phone: More → Attendance → 7A, one tap on Valentina, one on "the rest present" ─
  const teacher = await openSignedIn(browser, 'demo', 'teacher', PHONE);
  const tp = teacher.page;
  await mainNav(tp).getByRole('link', { name: es.nav.more }).click();
  await tp.getByRole('link', { name: es.screens.attendanceAdmin }).click();
  await tp.getByRole('link', { name: fill(at.admin.takeRollOf, { name: CLASS }) }).click();
  await expect(tp).toHaveURL(new RegExp(`/attendance/checkpoint/${classId}$`));
  await expect(tp.getByRole('heading', { level: 1, name: CLASS })).toBeVisible();
  await expect(tp.getByText(at.roll.notTaken)).toBeVisible();
  // The roll's day, pinned in later addresses so a journey running across midnight reads the same day.
  const day = await tp.getByLabel(at.roll.date).inputValue();
  const rollUrl = `/attendance/checkpoint/${classId}?date=${day}`;
  // Everyone is present until tapped otherwise.
  await expect(tp.getByRole('radio', { name: at.types.present, checked: true })).toHaveCount(students.length);
  expect(await counterValue(tp, 'present')).toBe(students.length);

  // The classroom has no signal: the marks wait on the phone and go when the network is back.
  let interactions = 0;
  const tap = async (target: ReturnType<Page['getByRole']>) => {
    interactions += 1;
    await target.click();
  };
  await teacher.context.setOffline(true);
  await tap(choice(tp, STUDENT_ON_ROLL, 'absent'));
  // The tap is a saved mark, held on the phone: its row says so, and offers to undo it.
  await expect(rowOf(tp, STUDENT_ON_ROLL)).toContainText(at.roll.state.waiting);
  await expect(rowOf(tp, STUDENT_ON_ROLL).getByRole('button', { name: fill(at.roll.undoOf, { name: STUDENT_ON_ROLL }) })).toBeVisible();
  await expect(syncStatus(tp)).toContainText(fill(at.sync.pending_one, { count: 1 }));
  await capture(tp, 'attendance-roll-taking', studentChoices(tp, STUDENT_ON_ROLL));
  await tap(tp.getByRole('button', { name: fill(at.roll.saveRest, { count: students.length - 1 }) }));
  // The "35 students in under 30 seconds" claim as a count: a class with one absence takes two taps.
  expect(interactions).toBeLessThanOrEqual(3);
  await expect(syncStatus(tp)).toContainText(fill(at.sync.pending_other, { count: students.length }));
  await expect(syncStatus(tp)).toContainText(at.sync.offline);
  await teacher.context.setOffline(false);
  await expect(syncStatus(tp)).toContainText(at.sync.synced, { timeout: 30_000 });
  expect(await counterValue(tp, 'absent')).toBe(1);
  expect(await counterValue(tp, 'present')).toBe(students.length - 1);
  await expect(tp.getByRole('button', { name: new RegExp(at.roll.saveRest.split(' (')[0]) })).toHaveCount(0);
  await expect(rowOf(tp, STUDENT_ON_ROLL)).toContainText(at.roll.state.saved);

  // A mis-tap on another student, undone at once: the family of that student is never told.
  const other = students.find((s) => s.person.name !== STUDENT_ON_ROLL)!.person;
  await choice(tp, other.name, 'late').click();
  await expect(rowOf(tp, other.name)).toContainText(at.roll.state.saved);
  await rowOf(tp, other.name).getByRole('button', { name: fill(at.roll.undoOf, { name: other.name }) }).click();
  await expect(choice(tp, other.name, 'present')).toBeChecked();
  await expect(choice(tp, other.name, 'present')).toBeFocused();
  await expect(rowOf(tp, other.name)).toContainText(at.roll.state.saved);
  await expect
    .poll(async () => ((await callApi(baseURL!, 'demo', teacherToken, 'GET', `attendance/checkpoints/${classId}/log?date=${day}`)).body as Roll).students.find((s) => s.person.id === other.id)?.record)
    .toMatchObject({ type: 'present', alert: null, changes: 2 });

  // One line per student on the phone: name, code and mark.
  const line = await rowOf(tp, STUDENT_ON_ROLL).boundingBox();
  expect(line!.height, 'a row of the roll is one line at 390 px').toBeLessThan(60);
  await tp.goto(rollUrl);
  await expect(choice(tp, STUDENT_ON_ROLL, 'absent')).toBeChecked();
  await expect(tp.getByText(new RegExp(`^${at.roll.taken.split('{{')[0]}.+Carolina Restrepo Uribe`))).toBeVisible();
  await expectNoSeriousA11yViolations(tp, '/attendance/checkpoint/{nodeId}');
  await capture(tp, 'attendance-roll', studentChoices(tp, STUDENT_ON_ROLL));

  // ── 3. The admin sees the rate of 7A drop, the roll taken and who is missing ─────────────────
  await ap.goto(`/attendance/admin?date=${day}`);
  await ap.getByLabel(at.admin.from).fill(yesterday);
  await expect.poll(() => rateOf(ap, at.admin.byGroup, CLASS)).toBeLessThan(100);
  await expect.poll(() => rateOf(ap, at.admin.byStudent, new RegExp(STUDENT_ON_ROLL))).toBe(50);
  await expect(ap.getByRole('link', { name: fill(at.admin.openRoll, { name: CLASS }) })).toContainText(at.admin.taken);
  await expect(ap.getByRole('region', { name: at.admin.missing })).toContainText(STUDENT_ON_ROLL);
  await ap.getByLabel(at.admin.from).blur();
  await expectNoSeriousA11yViolations(ap, '/attendance/admin');
  await capture(ap, 'attendance-admin', ap.getByRole('region', { name: at.admin.missing }));
  await capture(ap, 'attendance-admin-rates', ap.getByRole('table', { name: at.admin.byGroup }));

  // ── 4. The parent receives the absence post in the inbox, and answers it with an excuse ─────────
  const parent = await openSignedIn(browser, 'demo', 'parent', PHONE);
  const pp = parent.page;
  const absenceTitle = fill(alertTexts.absentTitle.replace('{student}', '{{student}}'), { student: STUDENT });
  await pp.goto('/inbox');
  await pollWithReload(pp, () => expect(threadRow(pp, absenceTitle)).toBeVisible({ timeout: 2_000 }));
  await threadRow(pp, absenceTitle).getByRole('link').click();
  await expect(pp.getByRole('article', { name: absenceTitle }).first()).toContainText(CLASS);
  await pp.getByLabel(es.threads.reply.label).fill(EXCUSE);
  await pp.getByRole('button', { name: es.threads.reply.send }).click();
  await expect(pp.getByText(es.threads.reply.sent)).toBeVisible();
  const threadUrl = pp.url();

  // The roll is not the family's to open.
  await pp.goto(`/attendance/checkpoint/${classId}`);
  await expect(pp.getByRole('heading', { name: es.refusal.group.notAllowedTitle })).toBeVisible();

  // ── 5. The teacher sees the excuse on the roll and corrects the mark to present ────────────────
  await tp.goto(rollUrl);
  await pollWithReload(tp, () => expect(studentChoices(tp, STUDENT_ON_ROLL).locator('xpath=..')).toContainText(fill(at.roll.excuseFrom, { name: 'Andrés Gómez Rojas' }), { timeout: 2_000 }), 30_000);
  await tp.getByRole('button', { name: new RegExp(`^${STUDENT_ON_ROLL}`) }).click();
  await expect(tp.getByText(EXCUSE)).toBeVisible();
  await choice(tp, STUDENT_ON_ROLL, 'present').click();
  await expect(syncStatus(tp)).toContainText(at.sync.synced);
  expect(await counterValue(tp, 'absent')).toBe(0);

  // ── 6. The family's post now says it was a mistake; the rate is back ───────────────────────────
  const correctedTitle = fill(alertTexts.correctedTitle.replace('{student}', '{{student}}'), { student: STUDENT });
  await pp.goto(threadUrl);
  await pollWithReload(pp, () => expect(pp.getByText(alertTexts.correctedFooter).first()).toBeVisible({ timeout: 2_000 }));
  await expect(pp.getByRole('article', { name: correctedTitle }).first()).toBeVisible();
  await ap.reload();
  await ap.getByLabel(at.admin.from).fill(yesterday);
  await expect.poll(() => rateOf(ap, at.admin.byGroup, CLASS)).toBe(100);

  await Promise.all([admin.context.close(), teacher.context.close(), parent.context.close()]);
});
