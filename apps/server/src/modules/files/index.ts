// The files area to the rest of the server: stored files in folders (a post's files blocks, a person's
// uploads, signed-out uploads) and the signed addresses that serve them (docs/decisions/012). Other
// areas need only what is below: the routes, the expiry job, and reading a signed address back.
import type { FastifyInstance } from 'fastify';
import { blockFilesRoutes } from './files.routes';
import { signedFileRoutes } from './signed.routes';
import { uploadsRoutes } from './uploads.routes';

export { anonUploadsExpiryJob, type AnonExpiryPayload } from './files.anon-expiry';
export { filesPolicies } from './files.policy';
export { readFileAddress, signedFileAddress, hourlyExpiry, FILE_VARIANTS, type FileVariant } from './files.signing';
export { receiveFiles, type ReceivedFile, type UploadLimits } from './files.receive';

/** The files area's routes under /api/{org}/. */
export async function filesRoutes(app: FastifyInstance): Promise<void> {
  await blockFilesRoutes(app);
  await uploadsRoutes(app);
  await signedFileRoutes(app);
}
