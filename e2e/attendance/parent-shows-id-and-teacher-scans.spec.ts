import jsQRModule from 'jsqr';
import sharp from 'sharp';
import { expect, test, type Locator } from '../support/test';
import type { IdCode, Roll } from '../../packages/core/src/schemas/attendance';
import { es as directoryEs } from '../../packages/core/src/i18n/directory/es';
import { callApi, openSignedIn, personIdOf } from '../posts/people-and-api';
import { capture } from '../posts/screens';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken } from '../support/journey';
import { DESKTOP, PHONE } from '../support/screenshots';
import { fill, texts } from '../support/texts';
import { at, studentChoices } from './screens';

const es = texts.es;
const ids = directoryEs.schoolId;
// jsqr is CommonJS with its function on `default`.
const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule }).default ?? jsQRModule) as typeof jsQRModule;

// Colegio del Norte (apps/server/src/db/seed/norte-school.ts): the parent's daughter Luciana is in 4A,
// which the school's `teacher` directs. The journey runs there because a scan marks today's roll, and
// the demo's 7A of today is what the roll-call journey expects untaken when it starts.
const SCHOOL = 'norte';
const CLASS = '4A';
const STUDENT = 'Luciana Orozco Mendoza';
const STUDENT_ON_ROLL = 'Orozco Mendoza, Luciana';

/** Reads the QR code on screen as a phone camera would: a picture of it, decoded. */
async function readQr(qr: Locator): Promise<string | null> {
  const { data, info } = await sharp(await qr.screenshot()).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

test('a parent shows her daughter’s school ID on the phone, offline too, and the teacher scans it on the roll of 4A: the girl is marked present; a tampered code is refused in words', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const teacherToken = await apiToken(baseURL!, SCHOOL, 'teacher');
  const me = await callApi(baseURL!, SCHOOL, teacherToken, 'GET', `people/${personIdOf(teacherToken)}`);
  const classId = (me.body as { groups: { nodeId: number; nodeName: string }[] }).groups.find((g) => g.nodeName === CLASS)!.nodeId;
  const rollApi = `attendance/checkpoints/${classId}/log`;
  const before = (await callApi(baseURL!, SCHOOL, teacherToken, 'GET', rollApi)).body as Roll;
  const luciana = before.students.find((s) => s.person.name === STUDENT_ON_ROLL)!;
  expect(luciana.record, 'Luciana has no mark today yet').toBeNull();

  // ── 1. The parent opens /id on her phone: Luciana's card with the day's QR code ─────────────────
  const parent = await openSignedIn(browser, SCHOOL, 'parent', PHONE);
  const pp = parent.page;
  await pp.goto('/id');
  await expect(pp.getByRole('heading', { level: 1, name: es.screens.id })).toBeVisible();
  const card = pp.getByRole('article', { name: es.idCard.title }).filter({ hasText: STUDENT });
  await expect(card).toBeVisible();
  await expect(card).toContainText('CDN-0001');
  const qr = card.getByRole('img', { name: fill(ids.qrLabel, { name: STUDENT }) });
  await expect(qr).toBeVisible();
  // The card fits the phone's width.
  expect((await card.boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);

  // What a scanner reads off the screen is the code the school gives Luciana today.
  const code = await readQr(qr);
  const parentToken = await apiToken(baseURL!, SCHOOL, 'parent');
  const issued = (await callApi(baseURL!, SCHOOL, parentToken, 'GET', `people/${luciana.person.id}/id-code`)).body as IdCode;
  expect(code).toBe(issued.code);
  await expect(card.getByText(new RegExp(`^${fill(ids.validOn, { date: '' })}`))).toBeVisible();
  await expectNoSeriousA11yViolations(pp, '/id');
  await capture(pp, 'id-card-parent', card);

  // ── 2. At the school gate without signal: the card and its code are still there ─────────────────
  await pp.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => pp.evaluate(() => navigator.serviceWorker.controller?.scriptURL), { message: 'the page is controlled by /sw.js', timeout: 20_000 }).toMatch(/\/sw\.js$/);
  await parent.context.setOffline(true);
  await pp.reload();
  await expect(pp.getByText(ids.offlineCopy)).toBeVisible();
  await expect(qr).toBeVisible();
  expect(await readQr(qr)).toBe(issued.code);
  await capture(pp, 'id-card-parent-offline', card);
  await parent.context.setOffline(false);

  // ── 3. The teacher, at her computer, opens the roll of 4A and scans the card ─────────────────────
  const teacher = await openSignedIn(browser, SCHOOL, 'teacher', DESKTOP);
  const tp = teacher.page;
  await tp.goto(`/attendance/checkpoint/${classId}`);
  await expect(tp.getByRole('heading', { level: 1, name: CLASS })).toBeVisible();
  await tp.getByRole('button', { name: at.scan.open }).click();
  const dialog = tp.getByRole('dialog', { name: fill(at.scan.title, { group: CLASS }) });
  await expect(dialog).toBeVisible();
  // This computer has no camera: the dialog says so, and the field (where a code reader types) works.
  await expect(dialog.getByText(at.scan.cameraUnavailable).or(dialog.getByText(at.scan.cameraRefused))).toBeVisible();
  const field = dialog.getByRole('textbox', { name: at.scan.codeLabel });

  // A code altered in one character of its signature is refused, in words, and marks nobody.
  const at10 = issued.code.length - 10;
  const tampered = `${issued.code.slice(0, at10)}${issued.code[at10] === 'A' ? 'B' : 'A'}${issued.code.slice(at10 + 1)}`;
  await field.fill(tampered);
  await field.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText(at.scan.errors.invalid_code);
  expect(((await callApi(baseURL!, SCHOOL, teacherToken, 'GET', rollApi)).body as Roll).students.find((s) => s.person.id === luciana.person.id)?.record).toBeNull();

  // The real code, as a code reader sends it: typed, then Enter.
  await field.fill(code!);
  await field.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText(fill(at.scan.result, { name: STUDENT, result: at.types.present }));
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();
  await expectNoSeriousA11yViolations(tp, 'the scan dialog');
  await capture(tp, 'attendance-scan-dialog', dialog);

  // Scanned again: already marked, nothing changes.
  await field.fill(code!);
  await field.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText(fill(at.scan.result, { name: STUDENT, result: `${at.scan.alreadyMarked} (${at.types.present})` }));

  // ── 4. The roll shows her present, saved; so does the server ─────────────────────────────────────
  await dialog.getByRole('button', { name: es.common.close }).click();
  await expect(dialog).toBeHidden();
  await expect(studentChoices(tp, STUDENT_ON_ROLL).getByRole('radio', { name: at.types.present })).toBeChecked();
  await expect(tp.getByRole('listitem').filter({ has: studentChoices(tp, STUDENT_ON_ROLL) })).toContainText(at.roll.state.saved);
  const after = (await callApi(baseURL!, SCHOOL, teacherToken, 'GET', rollApi)).body as Roll;
  expect(after.students.find((s) => s.person.id === luciana.person.id)?.record).toMatchObject({ type: 'present', changes: 0 });
  // Nobody else was marked by the scans.
  expect(after.students.filter((s) => s.record !== null)).toHaveLength(1);

  await Promise.all([parent.context.close(), teacher.context.close()]);
});
