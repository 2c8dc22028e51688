// What the activities journey does on its screens and through the API, named after what a person does
// there; labels come from the app's own dictionaries (the activities' screens' texts and the main one).
import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { Activity, ActivityRequest } from '../../packages/core/src/schemas/activities';
import { es as activityTexts } from '../../packages/core/src/i18n/activityScreens/es';
import { apiToken, enterSchool, signIn } from '../support/journey';
import { callApi, personIdOf, sessionTokenOf } from '../posts/people-and-api';
import { fill } from '../support/texts';

export const a = activityTexts.activities;

/** The demo school keeps Bogotá time; its people's browsers do too, so "today" is the same day everywhere. */
export const SCHOOL_ZONE = 'America/Bogota';

/** A day in the school's zone, 'YYYY-MM-DD', `offset` days from today. */
export function schoolDay(offset = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_ZONE }).format(new Date(Date.now() + offset * 86_400_000));
}

/** ISO weekday (1 Monday … 7 Sunday) of a 'YYYY-MM-DD' day. */
export function isoWeekday(day: string): number {
  return new Date(`${day}T12:00:00Z`).getUTCDay() || 7;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A field's label, with or without the asterisk of a required field, and nothing else. */
export function label(text: string): RegExp {
  return new RegExp(`^${escape(text)}\\s*\\*?$`);
}

export interface Signed {
  context: BrowserContext;
  page: Page;
  token: string;
  id: number;
}

async function openContext(browser: Browser, viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'es-CO', timezoneId: SCHOOL_ZONE });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return { context, page };
}

/** A demo account signed in with its password in a browser of its own. */
export async function openWithPassword(browser: Browser, username: string, viewport: { width: number; height: number }): Promise<Signed> {
  const { context, page } = await openContext(browser, viewport);
  await page.goto('/');
  await enterSchool(page, 'demo');
  await signIn(page, username);
  const token = await sessionTokenOf(page);
  return { context, page, token, id: personIdOf(token) };
}

/** The one demo person a search for `name` finds (the demo gives most families no password). */
export async function personNamed(baseURL: string, adminToken: string, name: string): Promise<number> {
  const found = await callApi(baseURL, 'demo', adminToken, 'GET', `people?q=${encodeURIComponent(name)}`);
  expect(found.status).toBe(200);
  expect(found.body, `one person named ${name}`).toHaveLength(1);
  return (found.body as { id: number }[])[0]!.id;
}

/** A one-time sign-in link the administrator issues for a person. */
async function signInLink(baseURL: string, adminToken: string, personId: number): Promise<{ token: string; url: string }> {
  const issued = await callApi(baseURL, 'demo', adminToken, 'POST', `people/${personId}/login-tokens`, { expiresInMinutes: 30 });
  expect(issued.status).toBe(201);
  return issued.body as { token: string; url: string };
}

/** A person signed in through an administrator's sign-in link, in a browser of their own. */
export async function openByLink(browser: Browser, baseURL: string, adminToken: string, name: string, viewport: { width: number; height: number }): Promise<Signed> {
  const id = await personNamed(baseURL, adminToken, name);
  const link = new URL((await signInLink(baseURL, adminToken, id)).url);
  const { context, page } = await openContext(browser, viewport);
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/highlights$/);
  const token = await sessionTokenOf(page);
  expect(personIdOf(token)).toBe(id);
  return { context, page, token, id };
}

/** A person's API token through an administrator's sign-in link, with no browser (a family that uses the API only). */
export async function tokenByLink(baseURL: string, adminToken: string, name: string): Promise<{ token: string; id: number }> {
  const id = await personNamed(baseURL, adminToken, name);
  const { token: once } = await signInLink(baseURL, adminToken, id);
  const res = await fetch(`${baseURL}/api/demo/oauth/login-token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: once }) });
  expect(res.status).toBe(200);
  return { token: (await res.json()).access_token, id };
}

export { apiToken, callApi };

/** An activity as `token`'s holder reads it. */
export async function activityAs(baseURL: string, token: string, activityId: number): Promise<Activity> {
  const res = await callApi(baseURL, 'demo', token, 'GET', `activities/${activityId}`);
  expect(res.status).toBe(200);
  return res.body as Activity;
}

/** The one child of the reader's family the activity is open to. */
export async function eligibleChild(baseURL: string, token: string, activityId: number): Promise<Activity['children'][number]> {
  const eligible = (await activityAs(baseURL, token, activityId)).children.filter((child) => child.eligible);
  expect(eligible, 'one eligible child in the family').toHaveLength(1);
  return eligible[0]!;
}

/** The activity's requests as its administrators list them. */
export async function requestsOf(baseURL: string, adminToken: string, activityId: number): Promise<ActivityRequest[]> {
  const res = await callApi(baseURL, 'demo', adminToken, 'GET', `activities/${activityId}/requests`);
  expect(res.status).toBe(200);
  return res.body as ActivityRequest[];
}

/** Each student's request state, by student id, for one compact comparison. */
export async function statesOf(baseURL: string, adminToken: string, activityId: number): Promise<Record<number, string>> {
  const states: Record<number, string> = {};
  for (const request of await requestsOf(baseURL, adminToken, activityId)) {
    if (request.status === 'withdrawn' && states[request.student.id]) continue;
    states[request.student.id] = request.position ? `${request.status} ${request.position}` : request.status;
  }
  return states;
}

/** An activity's card of the family catalogue, by the activity's name. */
export function activityCard(page: Page, name: string): Locator {
  return page.getByRole('article', { name, exact: true });
}

/** A confirmation dialog by its title. */
export function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title });
}

/** Picks a child in the catalogue's switcher, when the family has more than one. */
export async function showChild(page: Page, child: string): Promise<void> {
  const switcher = page.getByRole('radiogroup', { name: a.family.childPicker });
  // The catalogue loads first: then either the switcher or the only child's activities are on show.
  await expect(switcher.or(page.getByRole('article')).first()).toBeVisible();
  if ((await switcher.count()) === 0) return;
  await switcher.getByText(child, { exact: true }).click();
  await expect(switcher.getByRole('radio', { name: child })).toBeChecked();
}

export { fill };
