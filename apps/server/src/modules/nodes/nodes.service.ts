import type { LocalizedName, NodeCreate, NodeDetail, NodePatch, NodeTree, NodeType, SchoolNode } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { countMembers, deleteNode, findNodes, findNodeTypes, hasChildrenOrMembers, insertNode, type NodeRow, subtreeIds, updateNode } from './nodes.queries';

const conflict = (code: string, message: string) => new HttpError(409, code, message);

function parseNames(json: string): Partial<LocalizedName> {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' ? (value as Partial<LocalizedName>) : {};
  } catch {
    return {};
  }
}

/** GET node-types. */
export async function listNodeTypes(ctx: RequestContext): Promise<NodeType[]> {
  const rows = await findNodeTypes(ctx.db, ctx.org.id);
  return rows.map((t) => ({ id: t.id, key: t.key, singular: parseNames(t.singular), plural: parseNames(t.plural) }));
}

async function loadTree(ctx: RequestContext) {
  const [rows, types, counts] = await Promise.all([findNodes(ctx.db, ctx.org.id), findNodeTypes(ctx.db, ctx.org.id), countMembers(ctx.db, ctx.org.id)]);
  const typeKeys = new Map(types.map((t) => [t.id, t.key]));
  const toNode = (n: NodeRow): SchoolNode => ({
    id: n.id,
    parentId: n.parent_id,
    typeId: n.type_id,
    typeKey: typeKeys.get(n.type_id) ?? '',
    name: n.name,
    position: n.position,
    memberCount: counts.get(n.id) ?? 0,
  });
  return { rows, nodes: rows.map(toNode) };
}

/** GET nodes: the tree, parents before children, siblings by position then name. */
export async function getTree(ctx: RequestContext): Promise<NodeTree> {
  const { nodes } = await loadTree(ctx);
  const byParent = new Map<number | null, SchoolNode[]>();
  for (const n of nodes) byParent.set(n.parentId, [...(byParent.get(n.parentId) ?? []), n]);
  const ordered: SchoolNode[] = [];
  const visit = (parentId: number | null) => {
    for (const n of byParent.get(parentId) ?? []) {
      ordered.push(n);
      visit(n.id);
    }
  };
  visit(null);
  return { types: await listNodeTypes(ctx), nodes: ordered };
}

/** GET nodes/{id}: the node and its path from the root. */
export async function getNode(ctx: RequestContext, nodeId: number): Promise<NodeDetail> {
  const { nodes } = await loadTree(ctx);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const node = byId.get(nodeId);
  if (!node) throw notFound('There is no such node in this school');
  const path: { id: number; name: string }[] = [];
  for (let p = node.parentId; p !== null && path.length < 100; p = byId.get(p)?.parentId ?? null) {
    const parent = byId.get(p);
    if (!parent) break;
    path.unshift({ id: parent.id, name: parent.name });
  }
  return { ...node, path };
}

/** GET nodes/{id}/children. */
export async function listChildNodes(ctx: RequestContext, nodeId: number): Promise<SchoolNode[]> {
  const { nodes } = await loadTree(ctx);
  return nodes.filter((n) => n.parentId === nodeId);
}

async function requireType(ctx: RequestContext, typeId: number): Promise<void> {
  const types = await findNodeTypes(ctx.db, ctx.org.id);
  if (!types.some((t) => t.id === typeId)) throw badRequest('unknown_node_type', 'There is no such node type in this school');
}

/** POST nodes. */
export async function createNode(ctx: RequestContext, input: NodeCreate): Promise<NodeDetail> {
  await requireType(ctx, input.typeId);
  if (input.parentId !== null) {
    const nodes = await findNodes(ctx.db, ctx.org.id);
    if (!nodes.some((n) => n.id === input.parentId)) throw badRequest('unknown_parent', 'There is no such parent node in this school');
  }
  const id = await insertNode(ctx.db, ctx.org.id, input);
  return getNode(ctx, id);
}

/** PATCH nodes/{id}: rename, retype, reorder or move. Moving under itself or a descendant → 409. */
export async function patchNode(ctx: RequestContext, nodeId: number, patch: NodePatch): Promise<NodeDetail> {
  const nodes = await findNodes(ctx.db, ctx.org.id);
  if (patch.typeId !== undefined) await requireType(ctx, patch.typeId);
  if (patch.parentId !== undefined && patch.parentId !== null) {
    if (!nodes.some((n) => n.id === patch.parentId)) throw badRequest('unknown_parent', 'There is no such parent node in this school');
    if (subtreeIds(nodes, nodeId).includes(patch.parentId)) {
      throw conflict('node_cycle', 'A node cannot be moved under itself or one of its descendants');
    }
  }
  await updateNode(ctx.db, ctx.org.id, nodeId, {
    ...(patch.parentId !== undefined ? { parent_id: patch.parentId } : {}),
    ...(patch.typeId !== undefined ? { type_id: patch.typeId } : {}),
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.position !== undefined ? { position: patch.position } : {}),
  });
  return getNode(ctx, nodeId);
}

/** DELETE nodes/{id}: only an empty node (no child nodes, stops or members) → else 409. */
export async function removeNode(ctx: RequestContext, nodeId: number): Promise<void> {
  const { children, members } = await hasChildrenOrMembers(ctx.db, ctx.org.id, nodeId);
  if (children) throw conflict('node_not_empty', 'Move or delete the nodes inside it first');
  if (members) throw conflict('node_not_empty', 'Remove its members first');
  await deleteNode(ctx.db, ctx.org.id, nodeId);
}
