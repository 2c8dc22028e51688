import { defineArea } from '../../platform/area-manifest';
import type { JobDefinition } from '../../platform/jobs/jobs';
import { postsRoutes } from './posts.routes';
import { postsPolicies } from './posts.policy';
import { postAccess } from './posts.access';
import { postDeliveredJob } from './posts.jobs';
import { postPublishJob } from './posts.schedule';

type AnyJob = JobDefinition<never>;

/** The posts area as the server registers it (platform/area-manifest.ts). */
export const postsManifest = defineArea({
  area: 'posts',
  routes: [postsRoutes],
  policies: Object.values(postsPolicies),
  jobs: [postDeliveredJob as AnyJob, postPublishJob as AnyJob],
  access: { postAccess },
  tables: ['posts', 'post_types', 'threads', 'stubs'],
  personData: { posts: ['author_id'], stubs: ['person_id'] },
});
