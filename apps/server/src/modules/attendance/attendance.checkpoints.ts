import type { Checkpoint, CheckpointDirection, CheckpointInput, CheckpointType } from '@patio/core';
import type { Database } from '../../db/database';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { isClassType, isRouteType } from '../nodes/index';
import { type CheckpointRow, findCheckpoints, findNodeWithType, insertMissingCheckpoints, updateCheckpoint } from './attendance.queries';

// A node's checkpoint is made the first time someone opens or takes its roll, with a type and a
// direction that suit the node's kind; staff change them with PUT attendance/checkpoints/{nodeId}.

/** The checkpoint a node of this type starts with: classes and groups class/arriving, routes bus boarding, the rest events. */
export function defaultCheckpointOf(typeKey: string): { type: CheckpointType; direction: CheckpointDirection } {
  if (isClassType(typeKey)) return { type: 'class', direction: 'arriving' };
  if (isRouteType(typeKey)) return { type: 'bus_boarding', direction: 'arriving' };
  return { type: 'event', direction: 'information' };
}

export interface CheckpointNode {
  id: number;
  name: string;
  type_key: string;
}

export function toCheckpoint(row: CheckpointRow, node: { id: number; name: string }): Checkpoint {
  return { id: row.id, node: { id: node.id, name: node.name }, type: row.type as CheckpointType, direction: row.direction as CheckpointDirection };
}

/** The checkpoints of some nodes, made first where missing. */
export async function ensureCheckpoints(db: Database, orgId: number, nodes: readonly CheckpointNode[]): Promise<Map<number, CheckpointRow>> {
  const ids = nodes.map((n) => n.id);
  let rows = await findCheckpoints(db, orgId, ids);
  const known = new Set(rows.map((r) => r.node_id));
  const missing = nodes.filter((n) => !known.has(n.id));
  if (missing.length > 0) {
    await insertMissingCheckpoints(db, orgId, missing.map((n) => ({ nodeId: n.id, ...defaultCheckpointOf(n.type_key) })));
    rows = await findCheckpoints(db, orgId, ids);
  }
  return new Map(rows.map((r) => [r.node_id, r]));
}

/** The node of a path and its checkpoint (made when missing); 404 for a node of no school of the caller's. */
export async function requireCheckpoint(db: Database, orgId: number, nodeId: number): Promise<{ node: CheckpointNode; checkpoint: CheckpointRow }> {
  const node = await findNodeWithType(db, orgId, nodeId);
  if (!node) throw notFound('There is no such group');
  const checkpoint = (await ensureCheckpoints(db, orgId, [node])).get(node.id)!;
  return { node, checkpoint };
}

/** PUT attendance/checkpoints/{nodeId}. */
export async function changeCheckpoint(ctx: RequestContext, nodeId: number, input: CheckpointInput): Promise<Checkpoint> {
  const { node } = await requireCheckpoint(ctx.db, ctx.org.id, nodeId);
  await updateCheckpoint(ctx.db, ctx.org.id, nodeId, input);
  const { checkpoint } = await requireCheckpoint(ctx.db, ctx.org.id, nodeId);
  return toCheckpoint(checkpoint, node);
}
