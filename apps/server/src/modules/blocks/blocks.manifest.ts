import { defineArea } from '../../platform/area-manifest';
import { blocksRoutes } from './blocks.routes';
import { blocksPolicies } from './blocks.policy';

/** The blocks area as the server registers it (platform/area-manifest.ts). */
export const blocksManifest = defineArea({
  area: 'blocks',
  routes: [blocksRoutes],
  policies: Object.values(blocksPolicies),
  tables: ['post_blocks', 'html_media'],
  personData: { html_media: ['owner_id'] },
});
