import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { enterSchool, signIn } from '../support/journey';
import { readLinkFromMail } from '../support/mailbox';
import { captureBothWidths } from '../support/screenshots';
import { directoryTexts, fill, texts } from '../support/texts';

const es = texts.es;
const dir = directoryTexts.es;

// Unique per run, so the journey also passes against a server that kept its data.
const run = Date.now().toString().slice(-7);
const PARENT = { first: 'Marcela', last: 'Quintero', document: `52${run}`, email: `marcela.quintero.${run}@example.com`, password: 'Patio-Familia-2026' };
const CHILD = { first: 'Simón', last: 'Quintero', document: `11${run}`, birthday: '2016-05-14' };

test('a family registers, confirms its email, is approved by the admin and signs in', async ({ page, browser }) => {
  // The family finds the register link on the sign-in screen of the demo school.
  await page.goto('/');
  await enterSchool(page, 'demo');
  await page.getByRole('link', { name: es.registration.registerLink }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { level: 1, name: dir.registration.title })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/register');

  // An empty form is checked before anything is sent: the §5 messages, in Spanish.
  await page.getByRole('button', { name: dir.registration.submit }).click();
  await expect(page.getByText(dir.registration.errors.email_required)).toBeVisible();
  await expect(page.getByText(dir.registration.errors.password_required)).toBeVisible();
  await expect(page.getByText(dir.registration.errors.course_required)).toBeVisible();
  await expect(page.getByLabel(dir.registration.firstName).first()).toBeFocused();
  await expectNoSeriousA11yViolations(page, '/register with errors');
  await captureBothWidths(page, 'registration-form-errors');

  // The parent and one child with a class.
  const you = page.getByRole('group', { name: dir.registration.you });
  await you.getByLabel(dir.registration.firstName).fill(PARENT.first);
  await you.getByLabel(dir.registration.lastName, { exact: true }).fill(PARENT.last);
  await you.getByLabel(dir.registration.document).fill(PARENT.document);
  await you.getByRole('radio', { name: dir.person.female }).check();
  await you.getByLabel(dir.registration.birthday).fill('1985-09-21');
  await you.getByLabel(dir.registration.email).fill(PARENT.email);
  await you.getByLabel(dir.registration.password, { exact: true }).fill(PARENT.password);
  await you.getByLabel(dir.registration.passwordConfirmation).fill(PARENT.password);
  const child = page.getByRole('group', { name: fill(dir.registration.childNumber, { number: 1 }) });
  await child.getByLabel(dir.registration.firstName).fill(CHILD.first);
  await child.getByLabel(dir.registration.lastName, { exact: true }).fill(CHILD.last);
  await child.getByLabel(dir.registration.document).fill(CHILD.document);
  await child.getByRole('radio', { name: dir.person.male }).check();
  await child.getByLabel(dir.registration.birthday).fill(CHILD.birthday);
  const course = child.getByLabel(dir.registration.course);
  await course.selectOption({ index: 1 });
  const courseName = (await course.locator('option:checked').textContent())!.trim();
  await page.getByRole('button', { name: dir.registration.submit }).click();

  // §2 email-check success screen.
  await expect(page.getByRole('heading', { name: dir.registration.checkEmailTitle })).toBeVisible();
  await expect(page.getByText(fill(dir.registration.checkEmailBody, { email: PARENT.email }))).toBeVisible();
  await captureBothWidths(page, 'registration-check-email');

  // The verification link arrives by mail; opening it confirms the address.
  const link = await readLinkFromMail(PARENT.email, /https?:\/\/[^\s"<>]+\/registration\/verify\?[^\s"<>]+/);
  const verify = new URL(link);
  await page.goto(verify.pathname + verify.search);
  await expect(page.getByText(dir.registration.verifiedPending)).toBeVisible();
  await captureBothWidths(page, 'registration-verified');

  // The admin finds the family under More › Family registrations and approves it.
  const office = await browser.newContext({ locale: 'es-CO' });
  const admin = await office.newPage();
  await admin.goto('/');
  await enterSchool(admin, 'demo');
  await signIn(admin, 'admin');
  await admin.getByRole('navigation', { name: es.shell.mainNavigation }).getByRole('link', { name: es.nav.more }).click();
  await admin.getByRole('link', { name: es.screens.registrations }).click();
  await expect(admin).toHaveURL(/\/registrations$/);
  const parentName = `${PARENT.first} ${PARENT.last}`;
  const card = admin.getByRole('article', { name: parentName });
  await expect(card.getByText(PARENT.email)).toBeVisible();
  await expect(card.getByText(PARENT.document)).toBeVisible();
  await expect(card.getByText(dir.registrations.emailVerified)).toBeVisible();
  await expect(card.getByText(`${CHILD.first} ${CHILD.last}`)).toBeVisible();
  await expect(card.getByText(courseName, { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(admin, '/registrations');
  await captureBothWidths(admin, 'registration-pending');
  await card.getByRole('button', { name: fill(dir.registrations.approveFamily, { name: parentName }) }).click();
  await expect(admin.getByText(fill(dir.registrations.approved, { name: parentName }))).toBeVisible();
  await expect(card).toHaveCount(0);
  await captureBothWidths(admin, 'registration-approved');
  await office.close();

  // The decision reaches the family by mail, with the way back to the school's sign-in.
  expect(await readLinkFromMail(PARENT.email, /https?:\/\/[^\s"<>]+\/code\?school=demo/)).toMatch(/\/code\?school=demo$/);

  // The parent signs in with the email and password she registered, and finds her child under More.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-CO' });
  const parent = await phone.newPage();
  await parent.goto('/');
  await enterSchool(parent, 'demo');
  await signIn(parent, PARENT.email, PARENT.password);
  await parent.getByRole('navigation', { name: es.shell.mainNavigation }).getByRole('link', { name: es.nav.more }).click();
  await parent.getByRole('link', { name: es.screens.myChildren }).click();
  await expect(parent).toHaveURL(/\/people\/\d+\/children$/);
  await expect(parent.getByRole('link', { name: new RegExp(CHILD.first) })).toBeVisible();
  await expect(parent.getByRole('link', { name: new RegExp(CHILD.first) })).toContainText(courseName);
  await captureBothWidths(parent, 'registration-parent-children');
  await phone.close();
});
