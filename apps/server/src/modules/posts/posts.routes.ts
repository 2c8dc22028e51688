import type { FastifyInstance } from 'fastify';
import { draftsRoutes } from './drafts.routes';
import { postTypesRoutes } from './post-types.routes';
import { recipientsRoutes } from './recipients.routes';
import { sentRoutes } from './sent.routes';

/** The posts area's routes under /api/{org}/: post types, drafts, publishing, the sent list, receipts and recipients. */
export async function postsRoutes(app: FastifyInstance): Promise<void> {
  await postTypesRoutes(app);
  await draftsRoutes(app);
  await sentRoutes(app);
  await recipientsRoutes(app);
}
