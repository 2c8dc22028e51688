// What other features may use of nodes: the school's groups as filter options, and the frame (name,
// tabs) a node's child screen from another feature sits in.
export { NodeFrame } from './NodeFrame';
export { useNodeOptions, type NodeOption } from './useNodeOptions';
export { useNodeTree } from './useNodes';
