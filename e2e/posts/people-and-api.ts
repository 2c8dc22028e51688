// Set-up and checking helpers of the posts journey: people signed in in their own browser, and the
// API called with the very token their browser holds.
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { enterSchool, signIn } from '../support/journey';

export interface Signed {
  context: BrowserContext;
  page: Page;
  /** Every message the page's live WebSocket received, to tell a live update from a refetch. */
  liveFrames: string[];
}

/** A new browser (its own storage) in Colombian Spanish, signed in with username and password. */
export async function openSignedIn(browser: Browser, school: string, username: string, viewport: { width: number; height: number }): Promise<Signed> {
  const context = await browser.newContext({ viewport, locale: 'es-CO' });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const liveFrames: string[] = [];
  page.on('websocket', (socket) => {
    if (new URL(socket.url()).pathname.endsWith('/live')) socket.on('framereceived', ({ payload }) => liveFrames.push(String(payload)));
  });
  await page.goto('/');
  await enterSchool(page, school);
  await signIn(page, username);
  return { context, page, liveFrames };
}

/** The access token the app keeps for its session (it is persisted shortly after sign-in). */
export async function sessionTokenOf(page: Page): Promise<string> {
  const read = () => page.evaluate(() => JSON.parse(localStorage.getItem('patio.session') ?? '{}').token as string | undefined);
  await expect.poll(read, { message: 'the stored session token' }).toBeTruthy();
  return (await read())!;
}

/** The person id an access token names. */
export function personIdOf(token: string): number {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).uid;
}

export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** Calls a path of a school's API as the holder of `token`; answers the status and the parsed body. */
export async function callApi(baseURL: string, school: string, token: string, method: string, path: string, body?: unknown): Promise<ApiAnswer> {
  const res = await fetch(`${baseURL}/api/${school}/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
