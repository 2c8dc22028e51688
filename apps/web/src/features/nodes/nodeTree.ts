import { dictionaryLanguageOf, type LanguageCode } from '@patio/core/i18n/index';
import type { LocalizedName, NodeType, SchoolNode } from '@patio/core/schemas/nodes';

/** A node with its type attached from the tree's type list, so screens can name it ("Curso 7A"). */
export type TypedNode<T extends SchoolNode = SchoolNode> = T & { type?: NodeType };

/** The node with its type from the tree's type list (by id, then key). */
export function withType<T extends SchoolNode>(node: T, types: readonly NodeType[]): TypedNode<T> {
  const type = types.find((t) => t.id === node.typeId) ?? types.find((t) => t.key === node.typeKey);
  return type ? { ...node, type } : node;
}

/** A localised name in the interface language, else Spanish, else any. */
export function pickName(names: Partial<LocalizedName> | undefined, language: LanguageCode): string {
  if (!names) return '';
  return names[dictionaryLanguageOf(language)] ?? names.es ?? names.en ?? Object.values(names).find(Boolean) ?? '';
}

/** The node's type in the interface language ("Curso", "Course", …). */
export function typeNameOf(node: TypedNode, language: LanguageCode, plural = false): string {
  return pickName(plural ? node.type?.plural : node.type?.singular, language);
}

export interface FlatNode<T extends SchoolNode = SchoolNode> {
  node: T;
  depth: number;
}

/** GET nodes answers parents before children, flat: the tree in reading order with depths. */
export function flattenTree<T extends SchoolNode>(nodes: readonly T[]): FlatNode<T>[] {
  const out: FlatNode<T>[] = [];
  const ids = new Set(nodes.map((n) => n.id));
  const byParent = new Map<number | null, T[]>();
  for (const node of nodes) {
    // A node whose parent is not in the list (the caller may not see it) starts its own branch.
    const parent = node.parentId !== null && ids.has(node.parentId) ? node.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), node]);
  }
  const walk = (parent: number | null, depth: number) => {
    for (const node of byParent.get(parent) ?? []) {
      out.push({ node, depth });
      walk(node.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}
