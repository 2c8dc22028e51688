import type { Locator, Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const DIR = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..', 'screenshots');
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * Saves the page at phone and desktop width as e2e/screenshots/<name>-{phone,desktop}.png; with
 * `showing`, that part of the page is scrolled into view at each width first.
 */
export async function captureBothWidths(page: Page, name: string, showing?: Locator): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  const original = page.viewportSize();
  for (const [label, size] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
    if (showing) {
      await showing.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      // Scrolling slides the screen's top bar out or back in (180 ms): let it settle before the picture.
      await page.waitForTimeout(250);
    }
    await saveScreenshot(page, join(DIR, `${name}-${label}.png`));
  }
  if (original) await page.setViewportSize(original);
}

/**
 * A picture is for people to look at, not a check: on a loaded machine Chromium sometimes never
 * delivers a frame within the timeout, so it is tried again once, then skipped with a warning
 * rather than failing the journey whose assertions all held.
 */
async function saveScreenshot(page: Page, path: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.screenshot({ path, fullPage: false, timeout: 20_000 });
      return;
    } catch (error) {
      if (!(error instanceof Error) || error.name !== 'TimeoutError') throw error;
      if (attempt === 2) {
        console.warn(`screenshot ${path} skipped: ${error.message.split('\n')[0]}`);
        return;
      }
    }
  }
}
