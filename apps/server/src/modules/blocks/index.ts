// The blocks area to the rest of the server: a post's ordered blocks, html items, and who may see an
// item that blocks point at (forms build on it). It builds on the posts area; never the other way round.
export { blocksRoutes } from './blocks.routes';
export { blocksPolicies } from './blocks.policy';
export { formUrl, htmlUrl } from './block-urls';
export { itemStanding, readsThroughPosts, type ItemStanding } from './item-access';
export { postsCarrying } from './blocks.sql';
export { blocksManifest } from './blocks.manifest';
