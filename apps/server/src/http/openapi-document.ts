import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type AppConfig, defaultJobsConfig, loopbackAppConfig } from '../config';

/** The OpenAPI document the server publishes at /api/docs/json, as a client reads it. */
export async function openApiDocumentOf(app: FastifyInstance): Promise<Record<string, unknown>> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`);
  return res.json();
}

/**
 * The document of a server started in-process on an empty SQLite database in a temporary folder
 * (no network, no configuration), for `npm run lint:openapi`.
 */
export async function standaloneOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'patio-openapi-'));
  try {
    // The document is all this server is for: no job worker polling in the background.
    const config: AppConfig = { ...loopbackAppConfig(dataDir), jobs: { ...defaultJobsConfig, inProcess: false } };
    const app = await buildApp(config);
    try {
      return await openApiDocumentOf(app);
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
