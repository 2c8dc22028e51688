// Compressed JavaScript each signed-in screen needs before it runs: the static import closure of the
// entry, the deck and the screen's route chunk in a web build's dist/.vite/manifest.json, each chunk
// brotli-compressed as the server serves it. No server, no browser: the build's graph only.
// `node bench/screen-closure.mjs [distDir]` (default apps/web/dist).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';

const dist = process.argv[2] ?? new URL('../apps/web/dist', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const screens = {
  '/highlights': 'src/features/highlights/HighlightsPage.tsx',
  '/inbox': 'src/features/threads/FolderPages.tsx',
  '/calendar': 'src/features/calendar/CalendarPage.tsx',
  'a thread': 'src/features/threads/ThreadPage.tsx',
  '/settings': 'src/features/settings/SettingsPage.tsx',
  '/compose': 'src/features/compose/ComposePage.tsx',
  '/classroom': 'src/features/classroom/ClassroomPage.tsx',
};
const sizes = new Map();
const brotli = (file) => {
  if (!sizes.has(file)) sizes.set(file, brotliCompressSync(readFileSync(join(dist, file))).length);
  return sizes.get(file);
};
const closure = (keys) => {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key].imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
};
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
for (const [screen, source] of Object.entries(screens)) {
  if (!manifest[source]) continue;
  const chunks = [...closure([entry, 'src/app/deck/DeckShell.tsx', source])];
  const total = chunks.reduce((n, key) => n + brotli(manifest[key].file), 0);
  const largest = chunks.map((key) => [manifest[key].name ?? key, brotli(manifest[key].file)]).sort((a, b) => b[1] - a[1]).slice(0, 5);
  console.log(`${screen.padEnd(12)} ${String(chunks.length).padStart(3)} chunks ${kib(total).padStart(10)}   ${largest.map(([n, s]) => `${n} ${kib(s)}`).join(', ')}`);
}
