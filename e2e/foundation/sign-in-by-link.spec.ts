import { expect, test } from '../support/test';
import { apiToken, expectSignInLinkWorksOnce, spanishSpeakingParent } from '../support/journey';

test('a parent opens a one-time sign-in link on a new device and lands signed in; the link then stops working', async ({ page, baseURL, browser }) => {
  const admin = await apiToken(baseURL!, 'demo', 'admin');
  const parent = await spanishSpeakingParent(baseURL!);
  const issued = await fetch(`${baseURL}/api/demo/people/${parent.id}/login-tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ expiresInMinutes: 30 }),
  });
  expect(issued.status).toBe(201);
  const { url } = await issued.json();

  await expectSignInLinkWorksOnce(page, browser, new URL(url), 'foundation-link-used');
});
