import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken, enterSchool } from '../support/journey';
import { readLinkFromMail } from '../support/mailbox';
import { captureBothWidths } from '../support/screenshots';
import { texts } from '../support/texts';

const { es } = texts;
// The demo parent's address (demo-people.ts: first name and last name at example.com).
const PARENT_EMAIL = 'andres.gomez@example.com';
const SIGN_IN_LINK = /https?:\/\/\S+\/login\?school=demo&token=[A-Za-z0-9_-]+/;

test('a parent asks for a sign-in link on /login, opens the mailed link once and lands signed in', async ({ page, baseURL, browser }) => {
  page.setDefaultTimeout(15_000);
  // The person's own language wins after sign-in; an earlier journey may have left this parent in English.
  const parent = await apiToken(baseURL!, 'demo', 'parent');
  const me = JSON.parse(Buffer.from(parent.split('.')[1], 'base64url').toString());
  const spanish = await fetch(`${baseURL}/api/demo/people/${me.uid}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${parent}`, 'content-type': 'application/json' },
    body: JSON.stringify({ language: 'es' }),
  });
  expect(spanish.status).toBe(200);

  await page.goto('/');
  await enterSchool(page, 'demo');
  await captureBothWidths(page, 'auth-login-offers-mail-link');
  await page.getByRole('button', { name: es.mailedSignIn.open }).click();
  const dialog = page.getByRole('dialog', { name: es.mailedSignIn.title });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(es.mailedSignIn.login).fill('parent');
  await expectNoSeriousA11yViolations(page, '/login (email me a sign-in link)');
  await captureBothWidths(page, 'auth-sign-in-link-dialog');
  await dialog.getByRole('button', { name: es.mailedSignIn.send }).click();
  await expect(dialog.getByText(es.mailedSignIn.sent)).toBeVisible();
  await captureBothWidths(page, 'auth-sign-in-link-sent');
  await dialog.getByRole('button', { name: es.mailedSignIn.done }).click();
  await expect(dialog).toBeHidden();

  // He opens the mail on this device: the link signs him in and lands on the highlights.
  const link = new URL(await readLinkFromMail(PARENT_EMAIL, SIGN_IN_LINK));
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/highlights$/);
  await expect(page.getByRole('navigation', { name: es.shell.mainNavigation })).toBeVisible();

  // The link works once: another device opening it again is refused with a clear message.
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto(link.pathname + link.search);
  await expect(second.getByText(es.login.linkInvalid)).toBeVisible();
  await other.close();
});
