import { existsSync } from 'node:fs';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';

// Some browser code cannot be tested in the component tests' DOM double (DOMPurify keeps scripts
// there). These tests bundle the real module and run it in Debian's Chromium, as families get it.

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

/** A blank page in headless Chromium with `entry` bundled onto `window[globalName]`. */
export async function moduleInChromium(entry: string, globalName: string): Promise<{ page: Page; browser: Browser }> {
  const bundle = await build({ entryPoints: [entry], bundle: true, write: false, format: 'iife', globalName, logLevel: 'silent' });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
  return { page, browser };
}
