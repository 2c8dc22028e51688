import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../support/test';

// Issue 32: what the first screens load is decided by the build's chunk graph, so it is checked on the
// graph (dist/.vite/manifest.json), not with a stopwatch. It lives with the journeys because they build
// the app before they run; the unit tests run before any build exists.

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const dist = join(import.meta.dirname, '../../apps/web/dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/** The manifest key of the chunk built from `source` (a path from apps/web, as the manifest names it). */
function chunkOf(source: string): string {
  expect(manifest[source], `the build has a chunk for ${source}`).toBeDefined();
  return source;
}

/** Every chunk the browser must fetch before `keys` run: their static imports, transitively. */
function staticClosure(...keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    manifest[key]!.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
const deck = chunkOf('src/app/deck/DeckShell.tsx');
const strengthLibrary = chunkOf('../../packages/core/src/password/passwordPolicy.ts');
const formEditor = chunkOf('src/blocks/form/FormEditor.tsx');
const htmlEditor = chunkOf('src/blocks/html/HtmlEditor.tsx');
// The rich-text editor (Tiptap under Mantine's wrapper) is a shared chunk of the screens that compose.
const richTextEditor = Object.keys(manifest).find((key) => manifest[key]!.name === 'RichTextEditor');
const dictionaries = ['es', 'en', 'de', 'fr', 'it', 'pt'].map((language) => chunkOf(`../../packages/core/src/i18n/${language}.ts`));

const readingScreens = {
  '/highlights': 'src/features/highlights/HighlightsPage.tsx',
  '/inbox': 'src/features/threads/FolderPages.tsx',
  '/calendar': 'src/features/calendar/CalendarPage.tsx',
  'a thread': 'src/features/threads/ThreadPage.tsx',
};

test.describe('issue 32: the chunks of the first screens', () => {
  test('item 1: reading screens load neither the password-strength library nor an editor', () => {
    expect(richTextEditor, 'the build names a RichTextEditor chunk').toBeDefined();
    const editorOnly = [strengthLibrary, formEditor, htmlEditor, richTextEditor!];
    for (const [screen, source] of Object.entries(readingScreens)) {
      const loaded = staticClosure(entry, deck, chunkOf(source));
      expect(editorOnly.filter((key) => loaded.has(key)), `${screen} loads before it runs`).toEqual([]);
    }
    // The composer still has its editor at hand (a static import of its own chunk).
    expect(staticClosure(chunkOf('src/features/compose/ComposePage.tsx')).has(richTextEditor!)).toBe(true);
  });

  test('item 1: the signed-in home loads at most 25 chunks before it runs, none of them the deck\'s on /code or /login', () => {
    // apps/web/vite.config.ts groups the deck's code by area (issue 32: 68 chunks before, 23 after);
    // a new module that escapes the areas shows up here as chunks of its own.
    for (const [screen, source] of Object.entries(readingScreens)) {
      expect(staticClosure(entry, deck, chunkOf(source)).size, `${screen}: JS chunks before it runs`).toBeLessThanOrEqual(25);
    }
    // The deck's chunks by name: its libraries, its shell and the areas (vite.config.ts, screenAreas).
    const deckChunks = ['deck-libraries', 'deck-shell', 'shared', 'reading', 'posts', 'calendar', 'people', 'compose', 'admin', 'transport', 'billing', 'attendance'];
    const named = (keys: Set<string>) => [...keys].flatMap((key) => (deckChunks.includes(manifest[key]!.name ?? '') ? [manifest[key]!.name] : []));
    expect(named(staticClosure(entry, deck, chunkOf(readingScreens['/highlights'])))).toEqual(expect.arrayContaining(['deck-libraries', 'deck-shell', 'reading']));
    for (const screen of ['CodePage', 'LoginPage', 'WelcomePage']) {
      const loaded = staticClosure(entry, chunkOf(`src/features/auth/${screen}.tsx`));
      expect(loaded.has(deck), `${screen} loads the deck's shell`).toBe(false);
      expect(named(loaded), `the deck's chunks ${screen} loads`).toEqual([]);
    }
    const code = staticClosure(entry, chunkOf('src/features/auth/CodePage.tsx'));
    expect(code.size, '/code: JS chunks before it runs').toBeLessThanOrEqual(18);
  });

  test('item 2: /code holds one dictionary: the one index.html preloads', () => {
    const loaded = staticClosure(entry, chunkOf('src/features/auth/CodePage.tsx'));
    expect(dictionaries.filter((key) => loaded.has(key)), 'dictionaries imported statically').toEqual([]);
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const preloaded = dictionaries.filter((key) => html.includes(`href="/${manifest[key]!.file}"`));
    expect(preloaded).toEqual([chunkOf('../../packages/core/src/i18n/es.ts')]);
  });

  test('item 2: a newcomer on /code fetches one dictionary', async ({ page }) => {
    const dictionaryFiles = new Set(dictionaries.map((key) => `/${manifest[key]!.file}`));
    const fetched: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (dictionaryFiles.has(path)) fetched.push(path);
    });
    await page.goto('/');
    await expect(page).toHaveURL(/\/code$/);
    await page.waitForLoadState('networkidle');
    expect(fetched).toEqual([`/${manifest[dictionaries[0]!]!.file}`]);
  });
});
