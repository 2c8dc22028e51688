import { expect, type Browser, type Page } from '@playwright/test';
import { captureBothWidths } from './screenshots';
import { texts } from './texts';

type Lang = keyof typeof texts;

/** Types a school code on /code and waits for the sign-in screen. */
export async function enterSchool(page: Page, code: string, lang: Lang = 'es'): Promise<void> {
  const t = texts[lang];
  await page.getByLabel(t.code.label).fill(code);
  await page.getByRole('button', { name: t.code.submit }).click();
  await expect(page).toHaveURL(/\/login/);
}

/** Types username and password on /login and submits, without assuming where the app goes next. */
export async function submitSignIn(page: Page, username: string, password = 'demo1234', lang: Lang = 'es'): Promise<void> {
  const t = texts[lang];
  await page.getByLabel(t.login.username).fill(username);
  await page.getByLabel(t.login.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.login.submit, exact: true }).click();
}

/** Signs in with username and password on /login and waits for the highlights board. */
export async function signIn(page: Page, username: string, password = 'demo1234', lang: Lang = 'es'): Promise<void> {
  await submitSignIn(page, username, password, lang);
  await expect(page).toHaveURL(/\/highlights$/);
}

/** Obtains an access token for a demo account straight from the API (for set-up steps). */
export async function apiToken(baseURL: string, school: string, username: string, password = 'demo1234'): Promise<string> {
  const res = await fetch(`${baseURL}/api/${school}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  expect(res.status).toBe(200);
  return (await res.json()).access_token;
}

/**
 * Signs the demo parent in through the API with his language set back to Spanish: the person's own
 * language wins after sign-in, and an earlier journey may have left him in English.
 */
export async function spanishSpeakingParent(baseURL: string): Promise<{ token: string; id: number }> {
  const token = await apiToken(baseURL, 'demo', 'parent');
  const { uid } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  const spanish = await fetch(`${baseURL}/api/demo/people/${uid}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ language: 'es' }),
  });
  expect(spanish.status).toBe(200);
  return { token, id: uid };
}

/**
 * A one-time sign-in link works once: opened here it lands on the highlights signed in; opened again
 * on another device it is refused with a clear message (captured as `usedShot` when named).
 */
export async function expectSignInLinkWorksOnce(page: Page, browser: Browser, link: URL, usedShot?: string): Promise<void> {
  const t = texts.es;
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/highlights$/);
  await expect(page.getByRole('navigation', { name: t.shell.mainNavigation })).toBeVisible();

  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto(link.pathname + link.search);
  await expect(second.getByText(t.login.linkInvalid)).toBeVisible();
  if (usedShot) await captureBothWidths(second, usedShot);
  await other.close();
}
