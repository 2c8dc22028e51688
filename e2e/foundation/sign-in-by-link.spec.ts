import { expect, test } from '../support/test';
import { apiToken } from '../support/journey';
import { captureBothWidths } from '../support/screenshots';
import { texts } from '../support/texts';

const { es } = texts;

test('a parent opens a one-time sign-in link on a new device and lands signed in; the link then stops working', async ({ page, baseURL, browser }) => {
  const admin = await apiToken(baseURL!, 'demo', 'admin');
  const parent = await apiToken(baseURL!, 'demo', 'parent');
  const me = JSON.parse(Buffer.from(parent.split('.')[1], 'base64url').toString());
  // The person's own language wins after sign-in; an earlier journey may have left this parent in English.
  const spanish = await fetch(`${baseURL}/api/demo/people/${me.uid}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${parent}`, 'content-type': 'application/json' },
    body: JSON.stringify({ language: 'es' }),
  });
  expect(spanish.status).toBe(200);
  const issued = await fetch(`${baseURL}/api/demo/people/${me.uid}/login-tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ expiresInMinutes: 30 }),
  });
  expect(issued.status).toBe(201);
  const { url } = await issued.json();
  const link = new URL(url);

  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/highlights$/);
  await expect(page.getByRole('navigation', { name: es.shell.mainNavigation })).toBeVisible();

  // A second device using the same link is refused with a clear message.
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto(link.pathname + link.search);
  await expect(second.getByText(es.login.linkInvalid)).toBeVisible();
  await captureBothWidths(second, 'foundation-link-used');
  await other.close();
});
