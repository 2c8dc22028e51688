// The parent of another class, signed in in their own browser through a one-time link the school's
// administrator issues (the demo gives them no password), as the posts journey reaches them.
import { expect, type Browser } from '@playwright/test';
import { apiToken } from '../support/journey';
import { PHONE } from '../support/screenshots';
import { callApi, personIdOf, sessionTokenOf, type Signed } from '../posts/people-and-api';

/** Opens a signed-in phone browser for the one demo person whose name matches `name`. */
export async function openAsPersonNamed(browser: Browser, baseURL: string, name: string): Promise<Signed & { token: string; id: number }> {
  const adminToken = await apiToken(baseURL, 'demo', 'admin');
  const found = await callApi(baseURL, 'demo', adminToken, 'GET', `people?q=${encodeURIComponent(name)}`);
  expect(found.status).toBe(200);
  expect(found.body).toHaveLength(1);
  const [person] = found.body as { id: number }[];
  const issued = await callApi(baseURL, 'demo', adminToken, 'POST', `people/${person!.id}/login-tokens`, { expiresInMinutes: 30 });
  expect(issued.status).toBe(201);
  const link = new URL((issued.body as { url: string }).url);

  const context = await browser.newContext({ viewport: PHONE, locale: 'es-CO' });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/highlights$/);
  const token = await sessionTokenOf(page);
  expect(personIdOf(token)).toBe(person!.id);
  return { context, page, liveFrames: [], token, id: person!.id };
}
