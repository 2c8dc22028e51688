import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, moduleInChromium } from '../../test/moduleInChromium';

// DOMPurify does not work in the component tests' DOM double (it keeps scripts there, and the
// sanitiser then falls back to plain text). This runs the real module in Chromium, as families get it.

let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (!hasChromium) return;
  ({ page, browser } = await moduleInChromium(join(import.meta.dirname, 'sanitizeHtml.ts'), 'postHtml'));
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

type Sanitise = { postHtml: { sanitizeHtml(html: string): string; sanitizerMode(): string } };
const sanitise = (html: string) => page.evaluate((input) => (window as unknown as Sanitise).postHtml.sanitizeHtml(input), html);

describe.skipIf(!hasChromium)('post descriptions sanitised in a real browser', () => {
  it('trusts DOMPurify there', async () => {
    expect(await page.evaluate(() => (window as unknown as Sanitise).postHtml.sanitizerMode())).toBe('dompurify');
  });

  it('strips scripts, handlers, frames, forms, styles and javascript: links, keeping the formatting', async () => {
    const clean = await sanitise(
      '<p style="position:fixed;inset:0">Hola <b>familias</b> <em>y</em> <a href="https://colegio.test/a">enlace</a></p>' +
        '<script>alert(1)</script><img src="/x.png" onerror="alert(2)"><iframe src="https://evil.test"></iframe>' +
        '<form action="https://evil.test"><input name="password"></form><a href="javascript:alert(3)">mal</a><svg><script>alert(4)</script></svg>',
    );
    expect(clean).not.toMatch(/<script|onerror|<iframe|<form|<input|javascript:|style=/i);
    expect(clean).toContain('<b>familias</b>');
    expect(clean).toContain('<em>y</em>');
    expect(clean).toContain('<img src="/x.png">');
    expect(clean).toContain('<a href="https://colegio.test/a" target="_blank" rel="noopener noreferrer nofollow">enlace</a>');
  });

  it("item 8: keeps a picture's signed /proxy/ address (same origin) as the server wrote it", async () => {
    const img = '<img src="/proxy/?url=https%3A%2F%2Ffotos.example%2Fa.png%3Fx%3D1&amp;sig=AbC-_1" alt="foto">';
    expect(await sanitise(`<p>${img}</p>`)).toBe(`<p>${img}</p>`);
  });
});
