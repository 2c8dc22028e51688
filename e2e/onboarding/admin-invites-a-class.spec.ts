import { expect, test, type Page } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { enterSchool, signIn } from '../support/journey';
import { readLinkFromMail, readMailMatching } from '../support/mailbox';
import { captureBothWidths, PHONE } from '../support/screenshots';
import { directoryTexts, fill, texts } from '../support/texts';

const es = texts.es;
const dir = directoryTexts.es;

// A small class list as a secretary keeps it: two families, one with two children.
const MOTHER = { first: 'Adriana', last: 'Beltrán', email: 'adriana.beltran@example.co' };
const ROSTER = [
  'Nombre;Apellidos;Documento;Fecha de nacimiento;Género;Nombre acudiente;Apellido acudiente;Documento acudiente;Correo acudiente;Celular acudiente;Parentesco',
  `Pablo;Beltrán Rey;1011800001;02/05/2013;M;${MOTHER.first};${MOTHER.last};52800100;${MOTHER.email};3105550101;madre`,
  `Elena;Beltrán Rey;1011800002;19/11/2014;F;${MOTHER.first};${MOTHER.last};52800100;${MOTHER.email};3105550101;madre`,
  'Iván;Cuesta Mora;1011800003;07/07/2013;M;Ramiro;Cuesta;79800200;ramiro.cuesta@example.co;3105550102;padre',
].join('\r\n');
const NEW_PASSWORD = 'Girasoles en la ventana 7';

async function importClass(page: Page, className: string): Promise<void> {
  await page.getByRole('navigation', { name: es.shell.mainNavigation }).getByRole('link', { name: es.nav.more }).click();
  await page.getByRole('link', { name: es.screens.nodes }).click();
  await expect(page).toHaveURL(/\/nodes$/);
  await expectNoSeriousA11yViolations(page, '/nodes');
  await captureBothWidths(page, 'onboarding-groups-tree');
  await page.getByRole('link', { name: new RegExp(`^${className} `) }).click();
  await page.getByRole('link', { name: dir.nodes.import, exact: true }).click();
  await expect(page).toHaveURL(/\/nodes\/\d+\/import$/);
  await page.locator('input[type=file]').setInputFiles({ name: 'septimo.csv', mimeType: 'text/csv', buffer: Buffer.from(ROSTER, 'utf8') });
  await page.getByRole('button', { name: fill(dir.import.commit_other, { count: 3 }) }).click();
  await expect(page.getByRole('heading', { name: dir.import.reportTitle })).toBeVisible();
}

test('an admin imports a class and invites its families; a mother sets her password from the mail and signs in again', async ({ page, browser }) => {
  page.setDefaultTimeout(15_000);
  await page.goto('/');
  await enterSchool(page, 'demo');
  await signIn(page, 'admin');
  await importClass(page, '7A');

  // The import report offers the invitations as the next step.
  const callout = page.getByRole('region', { name: dir.invitations.calloutTitle });
  await expect(callout).toBeVisible();
  await callout.getByRole('button', { name: dir.invitations.calloutButton }).click();
  await page.getByRole('button', { name: dir.invitations.confirm }).click();
  await expect(page.getByText(/^Enviamos \d+ invitaci/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/nodes/{id}/import after inviting');
  await captureBothWidths(page, 'onboarding-invitations-sent', callout);

  // The mother opens the mailed link on her phone: a welcome screen, then her own password.
  const mail = await readMailMatching(MOTHER.email, /\/welcome\?school=demo&token=/);
  const username = mail.match(/Tu usuario es: (\S+)/)?.[1];
  expect(username).toBeTruthy();
  const link = await readLinkFromMail(MOTHER.email, /https?:\/\/[^\s"<>]+\/welcome\?school=demo&token=[A-Za-z0-9_-]+/);
  // No service worker: the deck's code must come from the network, where the journey holds it back.
  const phone = await browser.newContext({ viewport: PHONE, locale: 'es-CO', serviceWorkers: 'block' });
  const mother = await phone.newPage();
  mother.setDefaultTimeout(15_000);
  const url = new URL(link);
  await mother.goto(url.pathname + url.search);
  await expect(mother.getByRole('heading', { name: dir.welcome.title })).toBeVisible();
  await expect(mother.getByText(MOTHER.first, { exact: false }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(mother, '/welcome');
  await captureBothWidths(mother, 'onboarding-welcome');
  await mother.getByLabel(dir.welcome.password, { exact: true }).fill(NEW_PASSWORD);
  await mother.getByLabel(dir.welcome.passwordConfirmation, { exact: true }).fill(NEW_PASSWORD);
  // On a slow phone the signed-in screens' code arrives after the password is set: meanwhile the
  // screen says it is loading, never an empty page (issue 33 item 7).
  let releaseDeck!: () => void;
  const deckHeld = new Promise<void>((resolve) => (releaseDeck = resolve));
  await mother.route(/\/assets\/DeckShell-[^/]+\.js$/, async (route) => {
    await deckHeld;
    await route.continue();
  });
  await mother.getByRole('button', { name: dir.welcome.submit }).click();
  await expect(mother).toHaveURL(/\/highlights$/);
  await expect(mother.getByRole('status').filter({ hasText: es.common.loading })).toBeVisible();
  await captureBothWidths(mother, 'onboarding-first-screen-loading');
  releaseDeck();
  await expect(mother.getByRole('navigation', { name: es.shell.mainNavigation })).toBeVisible();

  // The administrator sees that she got in.
  await page.goto('/admin/invitations');
  await expect(page.getByRole('heading', { name: dir.invitations.title }).first()).toBeVisible();
  await captureBothWidths(page, 'onboarding-invitations-list');

  // She signs out and back in with her username and the new password.
  await mother.goto('/settings');
  await mother.getByRole('button', { name: es.settings.signOut, exact: true }).click();
  await expect(mother).toHaveURL(/\/login/);
  await signIn(mother, username!, NEW_PASSWORD);

  // The link worked once: opening it again says so, with a way forward.
  await mother.goto('/settings');
  await mother.getByRole('button', { name: es.settings.signOut, exact: true }).click();
  await mother.goto(url.pathname + url.search);
  await expect(mother.getByText(dir.welcome.invalid)).toBeVisible();
  await phone.close();
});

test('a parent who forgot the password gets a mailed link, sets a new one and signs in with it', async ({ page }) => {
  page.setDefaultTimeout(15_000);
  await page.goto('/');
  await enterSchool(page, 'demo');
  await page.getByRole('link', { name: es.signInHelp.forgotPassword }).click();
  await expect(page.getByRole('heading', { name: dir.passwordReset.forgotTitle })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/forgot-password');
  await captureBothWidths(page, 'onboarding-forgot-password');

  await page.getByLabel(dir.passwordReset.login).fill(MOTHER.email);
  await page.getByRole('button', { name: dir.passwordReset.send }).click();
  await expect(page.getByRole('heading', { name: dir.passwordReset.sentTitle })).toBeVisible();

  const link = await readLinkFromMail(MOTHER.email, /https?:\/\/[^\s"<>]+\/reset-password\?school=demo&token=[A-Za-z0-9_-]+/);
  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { name: dir.passwordReset.resetTitle })).toBeVisible();
  await captureBothWidths(page, 'onboarding-reset-password');
  const password = 'Cometas sobre el río 42';
  await page.getByLabel(dir.passwordReset.password, { exact: true }).fill(password);
  await page.getByLabel(dir.passwordReset.passwordConfirmation, { exact: true }).fill(password);
  await page.getByRole('button', { name: dir.passwordReset.submit }).click();
  await expect(page).toHaveURL(/\/highlights$/);

  // Signed out, the email (the school allows it) and the new password let her in; the old one does not.
  await page.goto('/settings');
  await page.getByRole('button', { name: es.settings.signOut, exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel(es.login.username).fill(MOTHER.email);
  await page.getByLabel(es.login.password, { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: es.login.submit, exact: true }).click();
  await expect(page.getByText(es.login.invalidCredentials)).toBeVisible();
  await signIn(page, MOTHER.email, password);
});
