import { expect, test } from '../support/test';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { apiToken, enterSchool, submitSignIn } from '../support/journey';
import { readLinkFromMail } from '../support/mailbox';
import { captureBothWidths } from '../support/screenshots';
import { directoryTexts, texts } from '../support/texts';

const es = texts.es;
const dir = directoryTexts.es;

const run = Date.now().toString().slice(-7);
const PARENT = { first: 'Rocío', last: 'Benítez', document: `53${run}`, email: `rocio.benitez.${run}@example.com`, password: 'Ventana-Cometa-Lirio-88' };

test('a family the school turns down is signed out of its status screen and cannot sign in again', async ({ page, baseURL }) => {
  const api = `${baseURL}/api/demo`;
  const json = { 'content-type': 'application/json' };

  // Set-up through the API: the family registers and confirms its address.
  const { courses } = await (await fetch(`${api}/registration`)).json();
  const registered = await fetch(`${api}/registration`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      firstName: PARENT.first, lastName: PARENT.last, document: PARENT.document, gender: 'female', birthday: '1988-02-11',
      email: PARENT.email, password: PARENT.password, passwordConfirmation: PARENT.password, course: courses[0].id, language: 'es',
      children: [{ firstName: 'Emilia', lastName: PARENT.last, document: `12${run}`, gender: 'female', birthday: '2017-08-30', course: courses[0].id }],
      relatives: [],
    }),
  });
  expect(registered.status).toBe(202);
  const link = new URL(await readLinkFromMail(PARENT.email, /https?:\/\/[^\s"<>]+\/registration\/verify\?[^\s"<>]+/));
  const verified = await fetch(`${api}/registration/verify`, { method: 'POST', headers: json, body: JSON.stringify({ token: link.searchParams.get('token') }) });
  expect(verified.status).toBe(200);

  // She signs in and waits on her status screen.
  await page.goto('/');
  await enterSchool(page, 'demo');
  await submitSignIn(page, PARENT.email, PARENT.password);
  await expect(page.getByRole('heading', { level: 1, name: dir.registrationStatus.pendingTitle })).toBeVisible();

  // The school turns the family down.
  const admin = { authorization: `Bearer ${await apiToken(baseURL!, 'demo', 'admin')}` };
  const pending: Array<{ personId: number; email: string }> = await (await fetch(`${api}/registrations?status=pending`, { headers: admin })).json();
  const mine = pending.find((r) => r.email === PARENT.email)!;
  expect((await fetch(`${api}/registrations/${mine.personId}/reject`, { method: 'POST', headers: admin })).status).toBe(200);

  // Checking again ends the session on the sign-in screen, which says why.
  await page.getByRole('button', { name: dir.registrationStatus.refresh }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(es.login.registrationNotApproved)).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/login after a rejection');
  await captureBothWidths(page, 'registration-not-approved');

  // Her password no longer opens anything: the same answer as any wrong password.
  await submitSignIn(page, PARENT.email, PARENT.password);
  await expect(page.getByText(es.login.invalidCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
