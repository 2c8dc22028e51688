// The nodes area to the rest of the server: the school's tree, its memberships and who may see which
// group. Other areas import from here only (.dependency-cruiser.cjs); the rest of the folder may change.
export { nodesRoutes } from './nodes.routes';
export { nodesPolicies } from './nodes.policy';
export {
  type CallerReach,
  canSeeEnrollment,
  canSeeMembers,
  canShapeNodes,
  findCallerReach,
  nodeAccess,
  reachesNode,
} from './nodes.access';
export { currentMembership, ENDED_ENROLLMENTS, isCurrentMembership } from './enrollment';
export { groupMembers, ROLE_ORDER } from './members-grouping';
export { isClassType } from './class-type';
export { isRouteType } from './route-type';
export {
  deleteMemberships,
  findArchivedNodeIds,
  findMembers,
  findMembershipsIn,
  findNodeIdsOf,
  findNodes,
  insertMembership,
  insertNode,
  insertNodeType,
  type NodeRow,
  type Role,
  subtreeIds,
  upsertMembership,
} from './nodes.queries';
export { nodesManifest } from './nodes.manifest';
