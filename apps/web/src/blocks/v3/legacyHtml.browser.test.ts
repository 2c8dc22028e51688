import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, moduleInChromium } from '../../test/moduleInChromium';

// The legacy module's HTML as families get it: rewritten and sanitised by the real DOMPurify in Chromium
// (the component tests' DOM double cannot run DOMPurify; see features/posts/sanitizeHtml.browser.test.ts).

let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (!hasChromium) return;
  ({ page, browser } = await moduleInChromium(join(import.meta.dirname, 'legacyHtml.ts'), 'legacyHtml'));
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

type Legacy = { legacyHtml: { prepareLegacyHtml(html: string): string } };
const prepare = (html: string) => page.evaluate((input) => (window as unknown as Legacy).legacyHtml.prepareLegacyHtml(input), html);

describe.skipIf(!hasChromium)('legacy module HTML in a real browser', () => {
  it('strips scripts, handlers, frames and forms, and keeps the module readable', async () => {
    const clean = await prepare(
      '<h2>Estado de cuenta</h2><table><tr><td>Pensión</td><td>$ 350.000</td></tr></table>' +
        '<script>alert(1)</script><img src="/logo.png" onerror="alert(2)"><iframe src="https://evil.test"></iframe>' +
        '<form action="https://evil.test"><input name="clave"></form><a href="javascript:alert(3)">mal</a>',
    );
    expect(clean).not.toMatch(/<script|onerror|<iframe|<form|<input|javascript:/i);
    expect(clean).toContain('<td>Pensión</td>');
    expect(clean).toContain('<img src="/logo.png">');
  });

  it("points 'PAGAR POR TESORERIA' at the app's debit route, marked for the app to follow", async () => {
    const clean = await prepare('<a href="https://legacy.test/tesoreria/pagar.php?debitId=77" onclick="steal()">PAGAR POR TESORERÍA</a>');
    const link = await page.evaluate((html) => {
      const holder = document.createElement('div');
      holder.innerHTML = html;
      const a = holder.querySelector('a');
      return { href: a?.getAttribute('href'), marked: a?.hasAttribute('data-patio-route'), onclick: a?.getAttribute('onclick'), text: a?.textContent };
    }, clean);
    expect(link).toEqual({ href: '/billing/debits/77', marked: true, onclick: null, text: 'PAGAR POR TESORERÍA' });
  });

  it("never lets the module mark its own links, nor keep a payment link's foreign address", async () => {
    const clean = await prepare('<a href="/admin" data-patio-route>Admin</a><a href="https://evil.test/pagar">PAGAR POR TESORERIA</a>');
    expect(clean).not.toContain('data-patio-route');
    expect(clean).not.toContain('evil.test');
    expect(clean).toContain('>PAGAR POR TESORERIA</a>');
  });
});
