import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** The libraries of the signed-in screens (Mantine, its positioning and scroll helpers, TanStack Query). */
const DECK_LIBRARIES =
  /[\\/]node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|@tanstack[\\/](query-core|react-query)|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|react-textarea-autosize|clsx|tslib|get-nonce|detect-node-es)[\\/]/;

export default defineConfig({
  plugins: [react(), preloadFirstScreen(['packages/core/src/i18n/es.ts', 'src/features/auth/CodePage.tsx']), precacheAppShell()],
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
          groups: [{ name: 'deck-libraries', test: (id) => DECK_LIBRARIES.test(id) && !id.endsWith('.css'), includeDependenciesRecursively: false }],
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
