import { expect, test, type Page } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { enterSchool, signIn, submitSignIn } from '../support/journey';
import { readLinkFromMail, readMailMatching } from '../support/mailbox';
import { captureBothWidths } from '../support/screenshots';
import { directoryTexts, fill, texts } from '../support/texts';

const es = texts.es;
const dir = directoryTexts.es;

// Unique per run, so the journey also passes against a server that kept its data.
const run = Date.now().toString().slice(-7);
const PARENT = { first: 'Marcela', last: 'Quintero', document: `52${run}`, email: `marcela.quintero.${run}@example.com`, password: 'Patio-Familia-2026' };
const CHILD = { first: 'Simón', last: 'Quintero', document: `11${run}`, birthday: '2016-05-14' };
const WEAK_PASSWORD = 'aaaaaaaaaaaa';

/** Fills the parent and one child on /register (password left to the caller); answers the class picked. */
async function fillFamily(page: Page): Promise<string> {
  const you = page.getByRole('group', { name: dir.registration.you });
  await you.getByLabel(dir.registration.firstName).fill(PARENT.first);
  await you.getByLabel(dir.registration.lastName, { exact: true }).fill(PARENT.last);
  await you.getByLabel(dir.registration.document).fill(PARENT.document);
  await you.getByRole('radio', { name: dir.person.female }).check();
  await you.getByLabel(dir.registration.birthday).fill('1985-09-21');
  await you.getByLabel(dir.registration.email).fill(PARENT.email);
  const child = page.getByRole('group', { name: fill(dir.registration.childNumber, { number: 1 }) });
  await child.getByLabel(dir.registration.firstName).fill(CHILD.first);
  await child.getByLabel(dir.registration.lastName, { exact: true }).fill(CHILD.last);
  await child.getByLabel(dir.registration.document).fill(CHILD.document);
  await child.getByRole('radio', { name: dir.person.male }).check();
  await child.getByLabel(dir.registration.birthday).fill(CHILD.birthday);
  const course = child.getByLabel(dir.registration.course);
  await course.selectOption({ index: 1 });
  return (await course.locator('option:checked').textContent())!.trim();
}

async function typePassword(page: Page, password: string): Promise<void> {
  const you = page.getByRole('group', { name: dir.registration.you });
  await you.getByLabel(dir.registration.password, { exact: true }).fill(password);
  await you.getByLabel(dir.registration.passwordConfirmation).fill(password);
}

test('a family registers with a strong password, waits on its status screen, is approved and finds its child', async ({ page, browser }) => {
  // Two people, two mails and a screenshot at two widths at every step: longer than one screen's journey.
  test.setTimeout(120_000);
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

  // A guessable password: the meter says so as it is typed, and the form refuses it.
  const courseName = await fillFamily(page);
  await typePassword(page, WEAK_PASSWORD);
  const meter = page.getByRole('meter', { name: dir.password.strength });
  await expect(meter).toHaveAttribute('aria-valuetext', dir.password.levels.veryWeak);
  await expect(page.getByText(dir.password.warnings.simpleRepeat)).toBeVisible();
  await page.getByRole('button', { name: dir.registration.submit }).click();
  await expect(page.getByText(dir.registration.errors.password_weak)).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);
  await expectNoSeriousA11yViolations(page, '/register with a weak password');
  await captureBothWidths(page, 'registration-password-weak', meter);

  // A strong one passes.
  await typePassword(page, PARENT.password);
  await expect(meter).toHaveAttribute('aria-valuetext', new RegExp(`^(${dir.password.levels.strong}|${dir.password.levels.veryStrong})$`));
  await captureBothWidths(page, 'registration-password-strong', meter);
  await page.getByRole('button', { name: dir.registration.submit }).click();

  // The check-email screen is worded for every case: it never tells whether the address was known.
  const checkEmail = fill(dir.registration.checkEmailBody, { email: PARENT.email });
  await expect(page.getByRole('heading', { name: dir.registration.checkEmailTitle })).toBeVisible();
  await expect(page.getByText(checkEmail)).toBeVisible();
  await captureBothWidths(page, 'registration-check-email');

  // The verification link arrives by mail; opening it confirms the address.
  const link = await readLinkFromMail(PARENT.email, /https?:\/\/[^\s"<>]+\/registration\/verify\?[^\s"<>]+/);
  const verify = new URL(link);
  await page.goto(verify.pathname + verify.search);
  await expect(page.getByText(dir.registration.verifiedPending)).toBeVisible();
  await captureBothWidths(page, 'registration-verified');

  // Registering again with the same address shows the very same screen; the owner hears about it by mail.
  await page.goto('/register');
  await fillFamily(page);
  await typePassword(page, PARENT.password);
  await page.getByRole('button', { name: dir.registration.submit }).click();
  await expect(page.getByRole('heading', { name: dir.registration.checkEmailTitle })).toBeVisible();
  await expect(page.getByText(checkEmail)).toBeVisible();
  await readMailMatching(PARENT.email, /No creamos ninguna cuenta nueva/);

  // The parent signs in before the school decides: the status screen, and nothing else.
  await page.goto('/login');
  await submitSignIn(page, PARENT.email, PARENT.password);
  await expect(page).toHaveURL(/\/registration\/status$/);
  await expect(page.getByRole('heading', { level: 1, name: dir.registrationStatus.pendingTitle })).toBeVisible();
  await expect(page.getByText(`${CHILD.first} ${CHILD.last}`)).toBeVisible();
  await expect(page.getByText(courseName, { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/registration/status (pending)');
  await captureBothWidths(page, 'registration-status-pending');
  for (const elsewhere of ['/people', '/highlights']) {
    await page.goto(elsewhere);
    await expect(page).toHaveURL(/\/registration\/status$/);
    await expect(page.getByRole('heading', { level: 1, name: dir.registrationStatus.pendingTitle })).toBeVisible();
  }

  // The admin finds the family under More › Family registrations, with every document, and approves it.
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
  await expect(card.getByText(PARENT.document, { exact: true })).toBeVisible();
  await expect(card.getByText(dir.registrations.emailVerified)).toBeVisible();
  await expect(card.getByText(`${CHILD.first} ${CHILD.last}`)).toBeVisible();
  const child = card.getByRole('listitem').filter({ hasText: `${CHILD.first} ${CHILD.last}` });
  await expect(child).toContainText(courseName);
  await expect(child).toContainText(CHILD.document);
  await expectNoSeriousA11yViolations(admin, '/registrations');
  await captureBothWidths(admin, 'registration-pending', card);
  await card.getByRole('button', { name: fill(dir.registrations.approveFamily, { name: parentName }) }).click();
  await expect(admin.getByText(fill(dir.registrations.approved, { name: parentName }))).toBeVisible();
  await expect(card).toHaveCount(0);
  await captureBothWidths(admin, 'registration-approved');
  await office.close();

  // The decision reaches the family by mail, with the way back to the school's sign-in.
  expect(await readLinkFromMail(PARENT.email, /https?:\/\/[^\s"<>]+\/code\?school=demo/)).toMatch(/\/code\?school=demo$/);

  // On the status screen the family checks again, is welcomed, and continues into the app.
  await page.getByRole('button', { name: dir.registrationStatus.refresh }).click();
  await expect(page.getByRole('heading', { level: 1, name: fill(dir.registrationStatus.approvedTitle, { name: PARENT.first }) })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/registration/status (approved)');
  await captureBothWidths(page, 'registration-status-approved');
  await page.getByRole('button', { name: dir.registrationStatus.continue }).click();
  await expect(page).toHaveURL(/\/highlights$/);

  // Now the app is open to her: her child, in the class she asked for.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('navigation', { name: es.shell.mainNavigation }).getByRole('link', { name: es.nav.more }).click();
  await page.getByRole('link', { name: es.screens.myChildren }).click();
  await expect(page).toHaveURL(/\/people\/\d+\/children$/);
  await expect(page.getByRole('link', { name: new RegExp(CHILD.first) })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(CHILD.first) })).toContainText(courseName);
  await captureBothWidths(page, 'registration-parent-children');
});
