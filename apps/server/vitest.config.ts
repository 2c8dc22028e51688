import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // The suites share each worker's module graph: the app's few thousand modules are imported once per
    // worker instead of once per file. Suites keep their state in their own app and school (test/harness.ts).
    isolate: false,
    testTimeout: 20000,
    hookTimeout: 60000,
  },
});
