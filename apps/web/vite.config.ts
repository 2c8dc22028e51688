import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type ResolvedConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * A newcomer's first paint waits for chunks the entry only asks for once it runs: the default
 * language's dictionary, then the /code screen and what it imports, each a round trip more on a
 * slow network. Listing them in index.html (modulepreload, and preload for their styles) fetches
 * them beside the entry instead. `modules` are source paths; the build fails if one has no chunk.
 */
function preloadFirstScreen(modules: string[]): Plugin {
  return {
    name: 'patio:preload-first-screen',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        // What index.html loads already: the entry and its static imports.
        const loaded = new Set<string>();
        const load = (fileName: string) => {
          if (loaded.has(fileName)) return;
          loaded.add(fileName);
          byFile.get(fileName)?.imports.forEach(load);
        };
        chunks.filter((chunk) => chunk.isEntry).forEach((chunk) => load(chunk.fileName));

        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          if (loaded.has(fileName) || scripts.has(fileName)) return;
          const chunk = byFile.get(fileName)!;
          scripts.add(fileName);
          chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
          chunk.imports.forEach(visit);
        };
        for (const module of modules) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
          if (!chunk) throw new Error(`preloadFirstScreen: no chunk is built from ${module}`);
          visit(chunk.fileName);
        }
        // crossorigin as Vite's own loader asks for them, so that its requests find these in the cache.
        const link = (attrs: Record<string, string | boolean>): HtmlTagDescriptor => ({ tag: 'link', attrs: { ...attrs, crossorigin: true }, injectTo: 'head' });
        return [
          ...[...scripts].map((file) => link({ rel: 'modulepreload', href: `/${file}` })),
          ...[...styles].map((file) => link({ rel: 'preload', as: 'style', href: `/${file}` })),
        ];
      },
    },
  };
}

/**
 * The installed app starts offline from the shell public/sw.js keeps. This writes into the built sw.js
 * what that shell is: index.html, every JS and CSS file of the build (any screen may be the one opened
 * offline) and the public files, with a version hashed from them. A new build is then a new sw.js,
 * which is how browsers find out there is one.
 */
function precacheAppShell(): Plugin {
  const placeholder = "const APP_SHELL = { version: 'dev', files: [] };";
  let config: ResolvedConfig;
  return {
    name: 'patio:precache-app-shell',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    writeBundle(options, bundle) {
      const outDir = options.dir ?? join(config.root, config.build.outDir);
      const publicFiles = readdirSync(config.publicDir, { withFileTypes: true }).flatMap((entry) => (entry.isFile() && entry.name !== 'sw.js' ? [entry.name] : []));
      const built = Object.keys(bundle).filter((fileName) => /\.(js|css|html)$/.test(fileName));
      const files = [...built, ...publicFiles].map((fileName) => `/${fileName}`).sort();
      if (!files.includes('/index.html')) throw new Error('precacheAppShell: the build wrote no index.html');
      const hash = createHash('sha256').update(files.join('\n'));
      // index.html changes with every entry chunk; the other built files carry their content hash in their name.
      hash.update(readFileSync(join(outDir, 'index.html')));
      for (const name of publicFiles) hash.update(readFileSync(join(config.publicDir, name)));
      const shell = { version: hash.digest('hex').slice(0, 12), files };
      const source = readFileSync(join(config.publicDir, 'sw.js'), 'utf8');
      if (!source.includes(placeholder)) throw new Error(`precacheAppShell: public/sw.js no longer holds ${placeholder}`);
      writeFileSync(join(outDir, 'sw.js'), source.replace(placeholder, `const APP_SHELL = ${JSON.stringify(shell)};`));
    },
  };
}

/**
 * The signed-in screens' own code, cut by area instead of by importer (issue 32). Left to itself the
 * bundler makes a chunk of every set of screens sharing a module (a button, an icon, a hook, a schema):
 * the home screen waited on some seventy of them, each a round trip on a slow phone network.
 *
 * A module goes to the first area whose screens import it statically (directly or through other
 * modules): the deck's shell, then the reading screens (the home, the folders, a thread), the
 * calendar, then one area per group of features; what the reading screens share with the calendar
 * (posts, threads) is a chunk of its own. Following static imports only keeps what a screen loads on
 * demand (the rich-text editor, the form editor, the password-strength library, maps, PDF and
 * spreadsheet pieces) out of every area, so those stay lazy as before.
 *
 * Left alone: what the entry or a first public screen (/code, /login, /welcome...) imports, so that
 * their chunks stay as they were and hold none of the deck's code; the screens' route modules, so that
 * each route still has its own chunk to import; the rich-text editor (a chunk of its own, which the
 * journeys check by name); and stylesheets that are not CSS modules (Mantine's sheets keep their order
 * of import, see main.tsx). What the other public screens (registration, a shared map) share with the
 * deck goes to one `shared` chunk. The screens are read from routes.tsx: those named before
 * createRoutes are the deck's, those inside it the public ones.
 */
const AREA_OF_FEATURE: Record<string, string> = {
  highlights: 'reading', threads: 'reading', posts: 'reading',
  calendar: 'calendar',
  people: 'people', contacts: 'people', profile: 'people', settings: 'people', notifications: 'people', more: 'people', placeholder: 'people', activities: 'people',
  compose: 'compose', sent: 'compose',
  admin: 'admin', invitations: 'admin', registration: 'admin', nodes: 'admin', postTypes: 'admin', dashboards: 'admin',
  transport: 'transport', geo: 'transport',
  billing: 'billing',
  attendance: 'attendance',
  classroom: 'classroom', teaching: 'classroom',
};
const AREA_ORDER = ['deck-shell', 'reading', 'calendar', 'people', 'classroom', 'compose', 'admin', 'transport', 'billing', 'attendance'];
/** The public screens a newcomer or a signed-out person opens first; what they import is left as it is. */
const FIRST_SCREENS = /[\\/]features[\\/]auth[\\/]/;
/** An index module with more imports than this is taken for a library's re-exports (see screenAreas). */
const BARREL_SIZE = 200;
/** Modules that stay chunks of their own although a screen imports them statically (the journeys check them by name). */
const OWN_CHUNK = /[\\/](src[\\/]ui[\\/]RichTextEditor|node_modules[\\/](@tiptap|prosemirror-|@mantine[\\/]tiptap))/;

function screenAreas(): { reset: () => void; name: (id: string, ctx: { getModuleInfo(id: string): { importedIds: readonly string[]; importers: readonly string[]; code: string | null } | null }) => string | null } {
  const appDir = join(import.meta.dirname, 'src/app');
  const routesSource = readFileSync(join(appDir, 'routes.tsx'), 'utf8');
  const split = routesSource.indexOf('export function createRoutes');
  if (split < 0) throw new Error('screenAreas: routes.tsx no longer has createRoutes');
  const importsOf = (source: string) => [...source.matchAll(/import\('(\.[^']+)'\)/g)].map((m) => join(appDir, m[1]!));
  const deckShell = join(appDir, 'deck/DeckShell');
  const deckScreens = [...new Set(importsOf(routesSource.slice(0, split)))].filter((file) => file !== deckShell);
  const publicScreens = importsOf(routesSource.slice(split));
  if (deckScreens.length < 10 || publicScreens.length < 5) throw new Error('screenAreas: routes.tsx names fewer screens than expected');
  const areaOfScreen = (file: string) => {
    const feature = /[\\/]features[\\/]([^\\/]+)[\\/]/.exec(file)?.[1];
    return (feature && AREA_OF_FEATURE[feature]) ?? 'people';
  };

  let assigned: Map<string, string | null> | null = null;
  const build = (ctx: Parameters<ReturnType<typeof screenAreas>['name']>[1]) => {
    // Source paths in routes.tsx have no extension; the graph's ids do.
    const resolve = (file: string) => {
      const id = ['.tsx', '.ts'].map((ext) => file + ext).find((candidate) => ctx.getModuleInfo(candidate));
      if (!id) throw new Error(`screenAreas: routes.tsx imports ${file}, which the build does not hold`);
      return id;
    };
    const entry = join(import.meta.dirname, 'src/main.tsx');
    const closure = (roots: string[]) => {
      const seen = new Set<string>();
      const visit = (id: string, importer?: string) => {
        const imported = ctx.getModuleInfo(id)?.importedIds ?? [];
        // A library's index that re-exports thousands of modules (the icons) would make every screen
        // that imports one of them seem to import them all; the bundler keeps only the ones named, so
        // only those are followed, for each importer of the index.
        const isIndex = imported.length > BARREL_SIZE;
        if (seen.has(id) && !isIndex) return;
        seen.add(id);
        const code = isIndex && importer ? ctx.getModuleInfo(importer)?.code : null;
        const named = code ? new Set(code.match(/[\w$]+/g)) : null;
        for (const next of imported) {
          if (named && !named.has(basename(next).replace(/\.[^.]+$/, ''))) continue;
          // An index within the index (a namespace of every icon) would name them all again.
          if (isIndex && (ctx.getModuleInfo(next)?.importedIds.length ?? 0) > BARREL_SIZE) continue;
          visit(next, id);
        }
      };
      roots.forEach((root) => visit(root));
      return seen;
    };
    const publicReach = closure([entry, ...publicScreens.map(resolve)]);
    const firstScreensReach = closure([entry, ...publicScreens.filter((file) => FIRST_SCREENS.test(file)).map(resolve)]);
    const areas = new Map<string, Set<string>>();
    areas.set('deck-shell', closure([resolve(deckShell)]));
    for (const screen of deckScreens) {
      const area = areaOfScreen(screen);
      areas.set(area, new Set([...(areas.get(area) ?? []), ...closure([resolve(screen)])]));
    }
    // What the deck's libraries import stays outside the areas too, and so does what the rich-text
    // editor imports, in the areas that import the editor: an area chunk they imported back would make
    // the two chunks wait on each other, and a module would run before what it needs.
    const modulesOf = (test: RegExp) => [...areas.values()].flatMap((area) => [...area].filter((id) => test.test(id)));
    const libraries = closure(modulesOf(DECK_LIBRARIES));
    const editor = closure(modulesOf(OWN_CHUNK));
    const withEditor = new Set([...areas].flatMap(([area, ids]) => ([...ids].some((id) => OWN_CHUNK.test(id)) ? [area] : [])));
    const routeModules = new Set([...deckScreens, ...publicScreens, deckShell].map(resolve));
    assigned = new Map();
    for (const area of AREA_ORDER) {
      for (const id of areas.get(area) ?? []) {
        if (assigned.has(id)) continue;
        const info = ctx.getModuleInfo(id);
        // A route module stays the chunk its route imports, unless another module imports it statically.
        const ownChunk = id.startsWith('\0') || libraries.has(id) || (editor.has(id) && withEditor.has(area)) || (routeModules.has(id) && info?.importers.length === 0) || OWN_CHUNK.test(id) || (id.endsWith('.css') && !id.endsWith('.module.css'));
        if (ownChunk || firstScreensReach.has(id)) assigned.set(id, null);
        else if (publicReach.has(id)) assigned.set(id, 'shared');
        // So that the calendar does not fetch the reading screens' lists, nor these the month.
        else if (area === 'reading' && areas.get('calendar')?.has(id)) assigned.set(id, 'posts');
        else assigned.set(id, area);
      }
    }
  };
  return {
    reset: () => { assigned = null; },
    name: (id, ctx) => {
      if (!assigned) build(ctx);
      return assigned!.get(id) ?? null;
    },
  };
}

/** The libraries of the signed-in screens (Mantine, its positioning, scroll and number helpers, TanStack Query). */
const DECK_LIBRARIES =
  /[\\/]node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|@tanstack[\\/](query-core|react-query)|react-number-format|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|react-textarea-autosize|clsx|tslib|get-nonce|detect-node-es)[\\/]/;

const areas = screenAreas();

export default defineConfig({
  plugins: [react(), { name: 'patio:screen-areas', buildStart: areas.reset }, preloadFirstScreen(['packages/core/src/i18n/es.ts', 'src/features/auth/CodePage.tsx']), precacheAppShell()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // dist/.vite/manifest.json: the chunk graph e2e/foundation/first-screen-chunks.spec.ts checks (which screen loads what).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Left to itself the bundler cuts the libraries every signed-in screen shares into dozens of
          // small chunks (one per set of importers), each a request of its own on a slow phone
          // network. These libraries go in one chunk per group instead, fetched once and cached
          // across screens and releases. The public first screens use none of them (issue 32).
          // Their stylesheets stay where they are: the entry imports Mantine's global styles.
          // React itself, which they import, stays with the entry (hence no recursive dependencies).
          groups: [
            { name: 'deck-libraries', test: (id) => DECK_LIBRARIES.test(id) && !id.endsWith('.css'), includeDependenciesRecursively: false, priority: 1 },
            // The first screens' lazy-terms helper travels with the directory's terms, which /code needs
            // anyway: the other lazily loaded dictionaries share the helper, which would otherwise be a
            // chunk of its own on /code.
            { name: 'withDirectoryTerms', test: /[\\/](src[\\/]app[\\/]i18n[\\/](createLazyTerms\.tsx|withDirectoryTerms\.ts)|i18n[\\/]directory[\\/]index\.ts)$/, includeDependenciesRecursively: false, priority: 1 },
            { name: areas.name, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // /proxy/ is the server's image proxy (decision 028), not a screen of the app.
    proxy: { '/api': { target: 'http://localhost:8080', ws: true }, '/proxy/': { target: 'http://localhost:8080' } },
  },
});
