import type { TestProject } from 'vitest/node';
import { createDatabaseTemplates } from './database-templates';

/** Before the server suites: the migrated databases every suite copies (test/database-templates.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { templates, drop } = await createDatabaseTemplates(process.env.PATIO_TEST_PG_URL);
  project.provide('databaseTemplates', templates);
  return drop;
}
