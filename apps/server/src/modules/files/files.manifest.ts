import type { FastifyInstance } from 'fastify';
import { defineArea } from '../../platform/area-manifest';
import type { JobDefinition } from '../../platform/jobs/jobs';
import { filesPolicies } from './files.policy';
import { anonUploadsExpiryJob } from './files.anon-expiry';
import { blockFilesRoutes } from './files.routes';
import { signedFileRoutes } from './signed.routes';
import { uploadsRoutes } from './uploads.routes';

type AnyJob = JobDefinition<never>;

/** The files area's routes under /api/{org}/. */
export async function filesRoutes(app: FastifyInstance): Promise<void> {
  await blockFilesRoutes(app);
  await uploadsRoutes(app);
  await signedFileRoutes(app);
}

/** The files area as the server registers it (platform/area-manifest.ts). */
export const filesManifest = defineArea({
  area: 'files',
  routes: [filesRoutes],
  policies: Object.values(filesPolicies),
  jobs: [anonUploadsExpiryJob as AnyJob],
  tables: ['files'],
  personData: { files: ['owner_id'] },
});
