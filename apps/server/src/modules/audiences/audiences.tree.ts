import type { TreeNode } from './audiences.queries';

/** Lookups over a school's node tree: descendants and the order of grades (pre-order by position). */
export class NodeTree {
  private readonly children = new Map<number | null, TreeNode[]>();
  private readonly byId = new Map<number, TreeNode>();
  private gradeOrder: number[] | null = null;

  constructor(nodes: TreeNode[]) {
    for (const node of nodes) {
      this.byId.set(node.id, node);
      const siblings = this.children.get(node.parentId) ?? [];
      siblings.push(node);
      this.children.set(node.parentId, siblings);
    }
    for (const list of this.children.values()) list.sort((a, b) => a.position - b.position || a.id - b.id);
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  /** The node and every node below it. */
  descendants(id: number): number[] {
    const out = new Set<number>();
    const stack = [id];
    while (stack.length > 0) {
      const current = stack.pop()!;
      if (out.has(current)) continue; // a damaged tree with a cycle cannot loop forever
      out.add(current);
      for (const child of this.children.get(current) ?? []) stack.push(child.id);
    }
    return [...out];
  }

  private isGrade(node: TreeNode): boolean {
    return node.typeKey.startsWith('grade');
  }

  /** Grades in school order: a depth-first walk that visits siblings by position. */
  grades(): number[] {
    if (this.gradeOrder) return this.gradeOrder;
    const order: number[] = [];
    const walk = (parentId: number | null, depth: number) => {
      if (depth > 50) return;
      for (const node of this.children.get(parentId) ?? []) {
        if (this.isGrade(node)) order.push(node.id);
        walk(node.id, depth + 1);
      }
    };
    walk(null, 0);
    this.gradeOrder = order;
    return order;
  }

  /** The grade a node belongs to: itself when it is a grade, else its nearest grade ancestor. */
  gradeOf(id: number): number | null {
    let node = this.byId.get(id);
    for (let hops = 0; node && hops < 50; hops++) {
      if (this.isGrade(node)) return node.id;
      node = node.parentId === null ? undefined : this.byId.get(node.parentId);
    }
    return null;
  }
}
