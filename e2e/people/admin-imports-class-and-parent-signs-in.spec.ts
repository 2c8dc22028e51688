import { expect, test, type Page } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { enterSchool, signIn } from '../support/journey';
import { captureBothWidths } from '../support/screenshots';
import { directoryTexts, fill, texts } from '../support/texts';
import { classRosterCsv, FAMILY } from './class-roster';

const es = texts.es;
const dir = directoryTexts.es;
const csvFile = (broken: boolean) => ({ name: 'quinto-a.csv', mimeType: 'text/csv', buffer: Buffer.from(classRosterCsv({ broken }), 'utf8') });

async function openClassImport(page: Page, className: string): Promise<void> {
  await page.getByRole('navigation', { name: es.shell.mainNavigation }).getByRole('link', { name: es.nav.more }).click();
  await page.getByRole('link', { name: es.screens.nodes }).click();
  await expect(page).toHaveURL(/\/nodes$/);
  await page.getByRole('link', { name: new RegExp(`^${className} `) }).click();
  await page.getByRole('link', { name: dir.nodes.import, exact: true }).click();
  await expect(page).toHaveURL(/\/nodes\/\d+\/import$/);
}

test('an admin imports a class, fixes two bad rows, and a new parent signs in by link and sees only their own children', async ({ page, browser }) => {
  await page.goto('/');
  await enterSchool(page, 'demo');
  await signIn(page, 'admin');
  await openClassImport(page, '5A');

  // The first file has two bad rows: both are reported and nothing can be committed.
  await page.locator('input[type=file]').setInputFiles(csvFile(true));
  await expect(page.getByText(fill(dir.import.errorCount_other, { count: 2 }))).toBeVisible();
  await expect(page.getByRole('button', { name: fill(dir.import.commit_other, { count: 30 }) })).toBeDisabled();
  await expect(page.getByRole('list', { name: fill(dir.import.rowProblems, { row: 6 }) })).toBeVisible();
  await expect(page.getByRole('list', { name: fill(dir.import.rowProblems, { row: 12 }) })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/nodes/{id}/import with errors');
  await captureBothWidths(page, 'people-import-errors');

  // The corrected file is clean; committing imports all 30 students with their parents.
  await page.locator('input[type=file]').setInputFiles(csvFile(false));
  await expect(page.getByText(fill(dir.import.ready_other, { count: 30 }))).toBeVisible();
  await page.getByRole('button', { name: fill(dir.import.commit_other, { count: 30 }) }).click();
  const report = page.getByRole('status').filter({ has: page.getByRole('heading', { name: dir.import.reportTitle }) });
  await expect(report).toBeVisible();
  await expect(report.getByText(dir.import.result.created).locator('..')).toContainText('30');
  await captureBothWidths(page, 'people-import-report');

  // The admin finds the new mother and issues her a one-time sign-in link.
  await page.getByRole('navigation', { name: es.shell.mainNavigation }).getByRole('link', { name: es.nav.contacts }).click();
  await page.getByRole('radiogroup', { name: dir.people.views }).getByText(dir.people.directory, { exact: true }).click();
  await expect(page).toHaveURL(/tab=directory/);
  await page.getByLabel(dir.people.searchLabel).fill(`${FAMILY.parentFirst} ${FAMILY.parentLast}`);
  await page.getByRole('link', { name: new RegExp(`${FAMILY.parentLast}.*${FAMILY.parentFirst}|${FAMILY.parentFirst}.*${FAMILY.parentLast}`) }).first().click();
  // Staff open a person in their tab, at its dashboard; the sign-in link is among the person's data.
  await expect(page).toHaveURL(/\/person\/\d+$/);
  await page.getByRole('link', { name: es.screens.personProfile }).click();
  await page.getByRole('button', { name: dir.signInLink.create }).click();
  const link = await page.getByLabel(dir.signInLink.linkLabel).inputValue();
  expect(link).toMatch(/\/login\?school=demo&token=/);
  await captureBothWidths(page, 'people-sign-in-link');

  // On her own phone the mother opens the link and is signed in straight away.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-CO' });
  const mother = await phone.newPage();
  const url = new URL(link);
  await mother.goto(url.pathname + url.search);
  await expect(mother).toHaveURL(/\/highlights$/);

  // Her children page lists exactly her two children.
  // The session is persisted 420 ms after sign-in (spec §4); her id is in the stored token.
  const readToken = () => mother.evaluate(() => JSON.parse(localStorage.getItem('patio.session') ?? '{}').token as string | undefined);
  await expect.poll(readToken).toBeTruthy();
  const uid = JSON.parse(Buffer.from((await readToken())!.split('.')[1], 'base64url').toString()).uid;
  await mother.goto(`/people/${uid}/children`);
  const main = mother.getByRole('main');
  for (const child of FAMILY.children) await expect(main.getByText(child.first, { exact: false }).first()).toBeVisible();
  await expect(main.getByRole('link')).toHaveCount(FAMILY.children.length);
  await expectNoSeriousA11yViolations(mother, '/people/{id}/children');
  await captureBothWidths(mother, 'people-children');

  // Another family's child (the demo's Valentina Gómez, id 4): a not-allowed screen, no data.
  await mother.goto('/person/4');
  await expect(mother.getByRole('heading', { name: dir.people.notAllowedTitle })).toBeVisible();
  await expect(mother.getByText('Valentina')).toHaveCount(0);
  await captureBothWidths(mother, 'people-not-allowed');
  await phone.close();
});
