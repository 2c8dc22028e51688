// The school's nodes in tree order (a parent before its children, siblings by position then name), as
// the admin's day and the reports list groups.

export interface TreeNode {
  id: number;
  parent_id: number | null;
  name: string;
  position: number;
  type_key: string;
}

/** `nodes` depth-first from the roots; rows are already sorted by position, name and id. */
export function inTreeOrder<N extends TreeNode>(nodes: readonly N[]): N[] {
  const ids = new Set(nodes.map((n) => n.id));
  const children = new Map<number | null, N[]>();
  for (const n of nodes) {
    const parent = n.parent_id !== null && ids.has(n.parent_id) ? n.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), n]);
  }
  const out: N[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null) => {
    for (const n of children.get(parent) ?? []) {
      if (seen.has(n.id)) continue; // a corrupt cycle never loops forever
      seen.add(n.id);
      out.push(n);
      walk(n.id);
    }
  };
  walk(null);
  return out;
}

/** `rootId` and every node below it. */
export function subtreeOf(nodes: readonly TreeNode[], rootId: number): Set<number> {
  const out = new Set<number>([rootId]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const n of nodes) {
      if (n.parent_id !== null && out.has(n.parent_id) && !out.has(n.id)) {
        out.add(n.id);
        grew = true;
      }
    }
  }
  return out;
}
