import type { LocalizedName, NodeCreate, NodeDetail, NodePatch, NodeTree, NodeType, SchoolNode } from '@patio/core';
import type { Database } from '../../db/database';
import type { RequestContext } from '../../http/context';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { listedFor } from '../../policy/registrants.sql';
import { requireFreeName } from './node-names';
import { listableNodeIds } from './nodes.access';
import { countMembers, deleteNode, findNodes, findNodeTypes, hasChildrenOrMembers, insertNode, lockTree, type NodeRow, subtreeIds, updateNode } from './nodes.queries';

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

/** Every node of the school with its type key and member count (people, as the caller's roster lists them). */
async function loadTree(ctx: RequestContext) {
  const caller = requireCaller(ctx);
  const [rows, types, counts] = await Promise.all([
    findNodes(ctx.db, ctx.org.id),
    findNodeTypes(ctx.db, ctx.org.id),
    countMembers(ctx.db, ctx.org.id, listedFor(caller)),
  ]);
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
  return rows.map(toNode);
}

/** Of some nodes, those the caller finds in lists (listableNodeIds). */
async function listable(ctx: RequestContext, nodes: SchoolNode[]): Promise<SchoolNode[]> {
  const ids = await listableNodeIds(ctx.db, requireCaller(ctx), nodes.map((n) => n.id));
  return nodes.filter((n) => ids.has(n.id));
}

/**
 * GET nodes: the groups in the caller's care (all of them for school-wide staff), parents before
 * children, siblings by position then name. A group whose parent is not listed starts a branch.
 */
export async function getTree(ctx: RequestContext): Promise<NodeTree> {
  const nodes = await listable(ctx, await loadTree(ctx));
  const ids = new Set(nodes.map((n) => n.id));
  const byParent = new Map<number | null, SchoolNode[]>();
  for (const n of nodes) {
    const parent = n.parentId !== null && ids.has(n.parentId) ? n.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), n]);
  }
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

/** GET nodes/{id}: the node and its path from the root (names of groups are no secret). */
export async function getNode(ctx: RequestContext, nodeId: number): Promise<NodeDetail> {
  const nodes = await loadTree(ctx);
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

/** GET nodes/{id}/children: the sub-groups the caller finds in lists. */
export async function listChildNodes(ctx: RequestContext, nodeId: number): Promise<SchoolNode[]> {
  return listable(ctx, (await loadTree(ctx)).filter((n) => n.parentId === nodeId));
}

async function requireType(db: Database, orgId: number, typeId: number): Promise<void> {
  const types = await findNodeTypes(db, orgId);
  if (!types.some((t) => t.id === typeId)) throw badRequest('unknown_node_type', 'There is no such node type in this school');
}

function requireParent(nodes: readonly NodeRow[], parentId: number): void {
  if (!nodes.some((n) => n.id === parentId)) throw badRequest('unknown_parent', 'There is no such parent node in this school');
}

/**
 * POST nodes: a group under `parentId` (null: a root). Checked and written in one transaction that
 * holds the tree, so two identical requests make one group and one 409 `node_name_taken`.
 */
export async function createNode(ctx: RequestContext, input: NodeCreate): Promise<NodeDetail> {
  const id = await ctx.db.transaction().execute(async (trx) => {
    await lockTree(trx, ctx.org.id, ctx.services.dialect);
    await requireType(trx, ctx.org.id, input.typeId);
    const nodes = await findNodes(trx, ctx.org.id);
    if (input.parentId !== null) requireParent(nodes, input.parentId);
    requireFreeName(nodes, input.parentId, input.name);
    return insertNode(trx, ctx.org.id, input);
  });
  return getNode(ctx, id);
}

/**
 * PATCH nodes/{id}: rename, retype, reorder or move. Moving under itself or a descendant → 409
 * `node_cycle`; a name a new sibling already has → 409 `node_name_taken`; nothing changes then.
 */
export async function patchNode(ctx: RequestContext, nodeId: number, patch: NodePatch): Promise<NodeDetail> {
  await ctx.db.transaction().execute(async (trx) => {
    await lockTree(trx, ctx.org.id, ctx.services.dialect);
    const nodes = await findNodes(trx, ctx.org.id);
    const node = nodes.find((n) => n.id === nodeId);
    if (!node) throw notFound('There is no such node in this school');
    if (patch.typeId !== undefined) await requireType(trx, ctx.org.id, patch.typeId);
    if (patch.parentId !== undefined && patch.parentId !== null) {
      requireParent(nodes, patch.parentId);
      if (subtreeIds(nodes, nodeId).includes(patch.parentId)) {
        throw conflict('node_cycle', 'A node cannot be moved under itself or one of its descendants');
      }
    }
    if (patch.name !== undefined || patch.parentId !== undefined) {
      requireFreeName(nodes, patch.parentId !== undefined ? patch.parentId : node.parent_id, patch.name ?? node.name, nodeId);
    }
    await updateNode(trx, ctx.org.id, nodeId, {
      ...(patch.parentId !== undefined ? { parent_id: patch.parentId } : {}),
      ...(patch.typeId !== undefined ? { type_id: patch.typeId } : {}),
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.position !== undefined ? { position: patch.position } : {}),
    });
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
