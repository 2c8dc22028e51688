import { dictionaryLanguageOf, type LanguageCode } from '@patio/core/i18n/index';

/** Node type names per language (issue 3: singular/plural in the six languages). */
export type LocalizedNames = Partial<Record<'es' | 'en' | 'de' | 'fr' | 'it' | 'pt', string>>;

export interface NodeType {
  id?: number;
  key?: string;
  singular?: LocalizedNames | string;
  plural?: LocalizedNames | string;
}

/** A node of the school tree (sections, grades, classes, teams, routes). */
export interface SchoolNode {
  id: number;
  name: string;
  parentId?: number | null;
  typeId?: number;
  typeKey?: string;
  type?: NodeType | null;
  memberCount?: number;
  children?: SchoolNode[];
  /** GET nodes/{id}: the way from the root (breadcrumbs). */
  path?: Array<{ id: number; name: string }>;
}

/** GET nodes: the flat tree (parents first) and the node types. */
export interface NodeTree {
  types: NodeType[];
  nodes: SchoolNode[];
}

/** Reads GET nodes (the {types, nodes} shape, or a bare node array) into nodes that carry their type. */
export function readTree(body: unknown): NodeTree {
  const tree: NodeTree = Array.isArray(body) ? { types: [], nodes: body as SchoolNode[] } : ((body ?? { types: [], nodes: [] }) as NodeTree);
  const types = tree.types ?? [];
  return { types, nodes: (tree.nodes ?? []).map((node) => withType(node, types)) };
}

/** The node with its type attached from the tree's type list (by id, then key). */
export function withType(node: SchoolNode, types: NodeType[]): SchoolNode {
  if (node.type) return node;
  const type = types.find((t) => (node.typeId !== undefined && t.id === node.typeId) || (node.typeKey !== undefined && t.key === node.typeKey));
  return type ? { ...node, type } : node;
}

/** A person's membership as GET nodes/{id}/members lists it. */
export interface NodeMember {
  id: number;
  firstName?: string;
  lastName?: string;
  lastName2?: string | null;
  avatar?: string | null;
  role: string;
  enrollmentStatus?: string | null;
}

/** A localised name in the interface language, else Spanish, else any. */
export function pickName(names: LocalizedNames | string | undefined, language: LanguageCode): string {
  if (!names) return '';
  if (typeof names === 'string') return names;
  return names[dictionaryLanguageOf(language)] ?? names.es ?? names.en ?? Object.values(names)[0] ?? '';
}

/** The node's type in the interface language ("Curso", "Course", …). */
export function typeNameOf(node: SchoolNode, language: LanguageCode, plural = false): string {
  return pickName(plural ? node.type?.plural : node.type?.singular, language);
}

export interface FlatNode {
  node: SchoolNode;
  depth: number;
}

/** The tree in reading order with depths; accepts nested children or a flat list with parentId. */
export function flattenTree(nodes: SchoolNode[]): FlatNode[] {
  const out: FlatNode[] = [];
  const nested = nodes.some((n) => Array.isArray(n.children) && n.children.length > 0);
  if (nested) {
    const walk = (list: SchoolNode[], depth: number) => {
      for (const node of list) {
        out.push({ node, depth });
        walk(node.children ?? [], depth + 1);
      }
    };
    walk(nodes, 0);
    return out;
  }
  const ids = new Set(nodes.map((n) => n.id));
  const byParent = new Map<number | null, SchoolNode[]>();
  for (const node of nodes) {
    const parent = node.parentId != null && ids.has(node.parentId) ? node.parentId : null;
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
