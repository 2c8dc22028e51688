import { defineArea } from '../../platform/area-manifest';
import { nodesRoutes } from './nodes.routes';
import { nodesPolicies } from './nodes.policy';
import { exportMembersPolicy } from './members-export.policy';
import { nodeAccess } from './nodes.access';

/** The nodes area as the server registers it (platform/area-manifest.ts). */
export const nodesManifest = defineArea({
  area: 'nodes',
  routes: [nodesRoutes],
  policies: [...Object.values(nodesPolicies), exportMembersPolicy],
  access: { nodeAccess },
  tables: ['nodes', 'node_types', 'memberships'],
  personData: { memberships: ['person_id'] },
});
