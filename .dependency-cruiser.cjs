// Import boundaries of the code base (docs/decisions/007-access-by-resource.md, docs/ARCHITECTURE.md).
// Run by `npm run lint` and first in `npm test`: `npx depcruise --config .dependency-cruiser.cjs <roots>`.
// An area is a folder under apps/server/src/modules/ or apps/web/src/features/. Cycles between areas
// are checked by .dependency-cruiser-areas.cjs on the graph of area files alone (`npm run boundaries`
// runs both). SQL-only-in-queries is not an import rule; eslint.config.js enforces it.

const SERVER_AREA = '^apps/server/src/modules/([^/]+)/';
const WEB_AREA = '^apps/web/src/features/([^/]+)/';
// Tests build worlds across areas (factories, other areas' fixtures); the boundary is for the code they test.
const TESTS = ['\\.test\\.tsx?$', '\\.fixtures\\.ts$', '^apps/server/src/test/', '^apps/web/src/test/', '/test/'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment:
        'An import cycle ties modules (and, across folders, areas) so neither can change or load alone. Move the ' +
        'shared piece to the area that owns it, or to a small module both import. Tests are not exempt.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-area-through-index',
      severity: 'error',
      comment:
        'Another area is reached through its index.ts only: what it exports there is its contract with the rest ' +
        'of the server; everything else may change without notice.',
      from: { path: SERVER_AREA, pathNot: TESTS },
      to: { path: '^apps/server/src/modules/', pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'server-shell-through-index',
      severity: 'error',
      comment:
        'app.ts, the command-line tools and the other server folders reach an area through its index.ts. The demo ' +
        'seed is exempt like the test factories: it builds rows with insert functions no other area needs.',
      from: { path: '^apps/server/src/', pathNot: [SERVER_AREA, '^apps/server/src/http/', '^apps/server/src/db/seed/', ...TESTS] },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'http-imports-no-area',
      severity: 'error',
      comment:
        'http/ is the frame every area plugs into; it must not know any area, not even its types. Define the ' +
        'interface in http/ or policy/ and inject the implementation through AppServices.',
      from: { path: '^apps/server/src/http/', pathNot: TESTS },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'policy-imports-no-area',
      severity: 'error',
      comment: 'policy/ holds the types every area shares (Caller, Policy, ResourceAccess); areas depend on it, not the reverse.',
      from: { path: '^apps/server/src/policy/', pathNot: TESTS },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'platform-imports-no-area',
      severity: 'error',
      comment: 'platform/ (storage, mail, jobs, events…) serves every area and is replaceable; it knows none of them.',
      from: { path: '^apps/server/src/platform/', pathNot: TESTS },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'ui-imports-no-feature',
      severity: 'error',
      comment: 'apps/web/src/ui holds shared pieces; a feature may use them, never the reverse.',
      from: { path: '^apps/web/src/ui/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'web-feature-paths-stand-alone',
      severity: 'error',
      comment: 'A feature’s paths.ts only builds addresses: it imports nothing of the app, so importing it loads no screen code.',
      from: { path: '^apps/web/src/features/[^/]+/paths\\.ts$' },
      to: { path: '^apps/web/src/' },
    },
    {
      name: 'web-feature-through-index',
      severity: 'error',
      comment:
        'A web feature reaches another feature through that feature’s index.ts(x), or its paths.ts for its addresses ' +
        'only (plain functions: a link to a screen must not load the screen’s code).',
      from: { path: WEB_AREA, pathNot: TESTS },
      to: {
        path: '^apps/web/src/features/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$', '^apps/web/src/features/[^/]+/paths\\.ts$'],
      },
    },
    {
      name: 'core-imports-no-app',
      severity: 'error',
      comment: 'packages/core is shared by server and web and has no I/O: it imports neither app.',
      from: { path: '^packages/core/' },
      to: { path: '^apps/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing fails at run time.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '(^|/)coverage/', '\\.d\\.ts$'] },
    // Type-only imports count: a type import still ties one module to another's shape.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};
