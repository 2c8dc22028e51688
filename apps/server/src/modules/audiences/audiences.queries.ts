import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

export interface TreeNode {
  id: number;
  parentId: number | null;
  position: number;
  typeKey: string;
}

/** Every node of the school with its type key: rules resolve descendants and grade order from it. */
export async function findNodeTree(db: Database, orgId: number): Promise<TreeNode[]> {
  const rows = await db
    .selectFrom('nodes')
    .innerJoin('node_types', (j) => j.onRef('node_types.org_id', '=', 'nodes.org_id').onRef('node_types.id', '=', 'nodes.type_id'))
    .select(['nodes.id', 'nodes.parent_id', 'nodes.position', 'node_types.key'])
    .where(scopedToOrg(orgId, 'nodes'))
    .orderBy('nodes.position')
    .orderBy('nodes.id')
    .execute();
  return rows.map((r) => ({ id: r.id, parentId: r.parent_id, position: r.position, typeKey: r.key }));
}
