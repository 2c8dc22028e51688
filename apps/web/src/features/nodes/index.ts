// What other features may use of nodes: the school's groups as filter options.
export { useNodeOptions, type NodeOption } from './useNodeOptions';
export { useNodeTree } from './useNodes';
