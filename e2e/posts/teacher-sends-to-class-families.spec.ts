import { mkdirSync } from 'node:fs';
import { expect, test } from '../support/test';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken } from '../support/journey';
import { DESKTOP, PHONE } from '../support/screenshots';
import { directoryTexts, fill, texts } from '../support/texts';
import { callApi, openSignedIn, personIdOf, sessionTokenOf } from './people-and-api';
import { capture, countPattern } from './screens';

const es = texts.es;
const dir = directoryTexts.es;
const words = dir.composeAudience;

// Issue 33 items 1 and 2. The demo teacher (Carolina Restrepo) directs 7A; the demo parent (Andrés
// Gómez) is the father of Valentina, in 7A.
const CLASS = '7A';
const TITLE = 'Salida al museo de 7A';
const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const SHOTS = '/tmp/shots/compose';

/** The number a summary line shows for one kind ("3 familiares", "1 familiar"). */
async function kindCount(summary: Locator, one: string, other: string): Promise<number> {
  const text = (await summary.textContent()) ?? '';
  for (const template of [other, one]) {
    const after = template.split(/\{\{[^}]*\}\}/)[1] ?? '';
    const match = new RegExp(`(\\d+)${after.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?: ·|$)`).exec(text);
    if (match) return Number(match[1]);
  }
  throw new Error(`No "${other}" in "${text}"`);
}

/** Compose at phone and desktop width into /tmp/shots/compose, with `showing` in view. */
async function shoot(page: Page, name: string, showing: Locator): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  const original = page.viewportSize();
  await page.mouse.move(0, 0);
  for (const [label, size] of [['390', PHONE], ['1280', DESKTOP]] as const) {
    await page.setViewportSize(size);
    await showing.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png` });
  }
  if (original) await page.setViewportSize(original);
}

test('a teacher sends to the families of her class in one tap, sees who it reaches, and a pasted video address is not lost', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const base = baseURL!;
  const teacher = await openSignedIn(browser, 'demo', 'teacher', PHONE);
  const tp = teacher.page;
  await tp.goto('/compose');
  await expect(tp.getByRole('heading', { name: es.screens.compose })).toBeVisible();
  await tp.getByLabel(dir.compose.type).selectOption('circular');
  await tp.getByLabel(dir.compose.title, { exact: true }).fill(TITLE);
  const editor = tp.getByRole('textbox', { name: dir.compose.description, exact: true });
  await editor.click();
  await tp.keyboard.type('El viernes vamos al museo. Les dejo el video de la visita.');

  // ── Item 1: the class, then its families in one tap; the summary says who it reaches ──────────
  const group = tp.getByLabel(words.group, { exact: true });
  const classOption = group.locator('option').filter({ hasText: new RegExp(`^\\s*${CLASS} \\(`) });
  await expect(classOption).toHaveCount(1);
  await group.selectOption((await classOption.getAttribute('value'))!);
  const summary = tp.getByRole('region', { name: words.summaryTitle });
  const kinds = summary.getByText(new RegExp(`·.*·`));
  const warning = tp.getByText(words.noRelatives);

  // A first try with the students alone no longer reaches nobody's parents silently.
  await tp.getByRole('button', { name: fill(words.studentsAndFamiliesOf, { group: CLASS }) }).click();
  await expect(tp.getByRole('switch', { name: dir.compose.relatives })).toBeChecked();
  await tp.getByRole('switch', { name: dir.compose.relatives }).evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await tp.getByRole('switch', { name: dir.compose.relatives }).uncheck();
  await expect(warning).toBeVisible();
  expect(await kindCount(kinds, words.relatives_one, words.relatives_other)).toBe(0);
  expect(await kindCount(kinds, words.students_one, words.students_other)).toBeGreaterThan(0);
  await shoot(tp, 'students-only-warning', summary);

  await tp.getByRole('button', { name: fill(words.familiesOf, { group: CLASS }), exact: true }).click();
  await expect(warning).toHaveCount(0);
  await expect(async () => expect(await kindCount(kinds, words.students_one, words.students_other)).toBe(0)).toPass({ timeout: 10_000 });
  const relatives = await kindCount(kinds, words.relatives_one, words.relatives_other);
  expect(relatives).toBeGreaterThan(0);
  const reached = Number((await summary.getByText(countPattern(words.count_other)).textContent())!.match(/\d+/)![0]);
  expect(reached).toBeGreaterThanOrEqual(relatives);
  await expect(tp.getByRole('button', { name: fill(words.familiesOf, { group: CLASS }), exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousA11yViolations(tp, '/compose with families of a class');
  await shoot(tp, 'families-of-class', summary);
  await shoot(tp, 'class-shortcuts', group);
  await capture(tp, 'posts-compose-families', summary);
  // Filled buttons keep their fill whichever screen's styles loaded first (a reset once landed after them).
  await expect(tp.getByRole('button', { name: dir.compose.publish, exact: true })).toHaveCSS('background-color', 'rgb(23, 117, 158)');

  // ── Item 2: a video address pasted and not accepted ───────────────────────────────────────────
  await tp.getByRole('button', { name: es.blocks.frame.add }).click();
  await tp.getByRole('menuitem', { name: es.blocks.frame.types.youtube }).click();
  const address = tp.getByRole('textbox', { name: es.blocks.video.url });
  await address.fill('https://example.org/visita');
  await tp.getByRole('button', { name: dir.compose.publish, exact: true }).click();
  await expect(tp.getByRole('alert').filter({ hasText: fill(words.pendingAddress, { label: es.blocks.video.url }) })).toBeVisible();
  await expect(tp.getByText(es.blocks.video.noun.urlVideoError)).toBeVisible();
  await expect(address).toBeFocused();
  await expect(tp).toHaveURL(/\/compose/);
  await expectNoSeriousA11yViolations(tp, '/compose with an unaccepted address');
  await shoot(tp, 'pending-address', address);

  // A real video address, pasted and never accepted, goes out with the post.
  await address.fill(VIDEO);
  await tp.getByRole('button', { name: dir.compose.publish, exact: true }).click();
  await expect(tp).toHaveURL(/\/sent\/\d+$/);
  const postId = Number(new URL(tp.url()).pathname.split('/').pop());
  await expect(tp.getByText(fill(dir.sentPosts.justPublished_other, { count: reached }))).toBeVisible();
  const teacherToken = await sessionTokenOf(tp);
  const blocks = await callApi(base, 'demo', teacherToken, 'GET', `posts/${postId}/blocks`);
  expect((blocks.body as { type: string; url: string }[]).map((b) => [b.type, b.url])).toEqual([['youtube', VIDEO]]);

  // The demo parent of 7A received it; the students of 7A did not.
  const parentToken = await apiToken(base, 'demo', 'parent');
  expect((await callApi(base, 'demo', parentToken, 'GET', `posts/${postId}`)).status).toBe(200);
  const studentToken = await apiToken(base, 'demo', 'student');
  expect((await callApi(base, 'demo', studentToken, 'GET', `posts/${postId}`)).status).toBe(404);
  expect(personIdOf(parentToken)).toBeGreaterThan(0);
  await teacher.context.close();
});
