import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/core', 'apps/server', 'apps/web'],
    // Twice as many workers as the CI machine's two cores: the server suites mostly wait on the databases
    // while the web suites use the processor, so the two overlap (bench/RESULTS.md, test time).
    maxWorkers: 4,
  },
});
