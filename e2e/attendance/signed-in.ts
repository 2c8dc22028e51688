// A person signed in in their own browser for this journey. The sign-in screen may offer "Ingresar con
// Google" and the like beside the password's "Ingresar", so the button is matched exactly.
import { expect, type Browser } from '@playwright/test';
import type { Signed } from '../posts/people-and-api';
import { enterSchool } from '../support/journey';
import { texts } from '../support/texts';

const es = texts.es;

/** A new browser (its own storage) in Colombian Spanish, signed in with username and password. */
export async function openSignedIn(browser: Browser, school: string, username: string, viewport: { width: number; height: number }): Promise<Signed> {
  const context = await browser.newContext({ viewport, locale: 'es-CO' });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto('/');
  await enterSchool(page, school);
  await page.getByLabel(es.login.username).fill(username);
  await page.getByLabel(es.login.password, { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: es.login.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/highlights$/);
  return { context, page, liveFrames: [] };
}
