import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { create } from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, hasChromium } from '../../test/moduleInChromium';

// The camera half of the scan (issue 36 §3) cannot run in the component tests' DOM double: no camera,
// no canvas. This runs the real module in Chromium, whose fake camera films a card's QR code.

const CODE = 'v1.1.42.2026-12-07.q9Xh3k_Lr0aB-5sV1mT8wYzC2dE4fG6hJ7kL9nP0rS';
const WIDTH = 640;
const HEIGHT = 480;

/** A one-frame Y4M video (what Chromium's fake camera plays) of a QR code on a light background. */
function qrVideo(text: string): Buffer {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const scale = 8;
  const side = (modules.size + 8) * scale;
  const left = (WIDTH - side) / 2;
  const top = (HEIGHT - side) / 2;
  const luma = Buffer.alloc(WIDTH * HEIGHT, 200);
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const row = Math.floor(y / scale) - 4;
      const col = Math.floor(x / scale) - 4;
      const isDark = row >= 0 && col >= 0 && row < modules.size && col < modules.size && modules.data[row * modules.size + col] === 1;
      luma[(top + y) * WIDTH + left + x] = isDark ? 16 : 235;
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), luma, chroma, chroma]);
}

let dir: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (!hasChromium) return;
  dir = mkdtempSync(join(tmpdir(), 'patio-camera-'));
  const video = join(dir, 'card.y4m');
  writeFileSync(video, qrVideo(CODE));
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
      '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  const bundle = await build({ entryPoints: [join(import.meta.dirname, 'cameraScanner.ts')], bundle: true, write: false, format: 'iife', globalName: 'camera', logLevel: 'silent' });
  page = await browser.newPage();
  // A secure origin, as the app is served: cameras are offered to those only.
  await page.route('https://school.test/', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><html><body><video muted playsinline></video></body></html>' }));
  await page.goto('https://school.test/');
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Camera = { camera: typeof import('./cameraScanner') };
type Seen = { seen: { codes: string[]; states: string[]; stop?: () => void } };

describe.skipIf(!hasChromium)('the scan dialog’s camera, in a real browser', () => {
  it('§3: reads a card’s QR code from the back camera, reports it, and lets the camera go when stopped', async () => {
    await page.evaluate(() => {
      const seen: Seen['seen'] = { codes: [], states: [] };
      (window as unknown as Seen).seen = seen;
      seen.stop = (window as unknown as Camera).camera.startCameraScanner(document.querySelector('video')!, { onCode: (text) => seen.codes.push(text), onState: (state) => seen.states.push(state) });
    });
    await expect.poll(() => page.evaluate(() => (window as unknown as Seen).seen.codes[0]), { timeout: 20_000 }).toBe(CODE);
    expect(await page.evaluate(() => (window as unknown as Seen).seen.states)).toEqual(['scanning']);

    const live = await page.evaluate(() => {
      const { seen } = window as unknown as Seen;
      const stream = document.querySelector('video')!.srcObject as MediaStream;
      seen.stop!();
      return stream.getTracks().map((track) => track.readyState);
    });
    expect(live).toEqual(['ended']);
  });
});
