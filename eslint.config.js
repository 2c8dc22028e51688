// Lint for the whole repository. Type-aware rules are left out so `eslint .` stays fast enough to
// run on every `npm run lint`; the type checks are the separate tsc steps of that script.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// "SQL only in *.queries.ts / *.sql.ts" (docs/decisions/007): a Kysely builder call or a `sql`
// template anywhere else means a query escaped the layer that scopes it by org_id.
const QUERY_BUILDERS = 'selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto';
const SQL_OUTSIDE_QUERIES = [
  {
    selector: `CallExpression[callee.property.name=/^(${QUERY_BUILDERS})$/]`,
    message: 'SQL lives in *.queries.ts or *.sql.ts: move this query there and call it.',
  },
  {
    selector: 'TaggedTemplateExpression[tag.name="sql"], TaggedTemplateExpression[tag.object.name="sql"]',
    message: 'SQL lives in *.queries.ts or *.sql.ts: move this `sql` template there.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dev-dist/**',
      '**/coverage/**',
      '**/.vite/**',
      'data/**',
      'apps/server/data/**',
      'e2e/test-results/**',
      'e2e/screenshots/**',
      'bench/.tmp/**',
      'apps/mobile/android/**',
      'apps/mobile/ios/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      // `_`-prefixed names mark parameters a signature requires but the body does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.queries.ts',
      '**/*.sql.ts',
      // Schema changes and the runner that applies them in one transaction are not queries of an area.
      'apps/server/src/db/migrations/**',
      'apps/server/src/db/migrate.ts',
      // Tests and their fixtures read and arrange rows directly.
      '**/*.test.ts',
      '**/*.fixtures.ts',
      'apps/server/src/test/**',
    ],
    rules: { 'no-restricted-syntax': ['error', ...SQL_OUTSIDE_QUERIES] },
  },
  {
    // Configuration files that Node loads as CommonJS (dependency-cruiser's).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
