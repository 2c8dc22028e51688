import type { NodeType, SchoolNode } from '@patio/core/schemas/nodes';

function mostCommon(ids: number[]): number | undefined {
  const counts = new Map<number, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * The type a new group under `parent` most likely has: that of its siblings-to-be ("3C" beside 3A
 * and 3B is a class), else what groups under a parent of the same type have (a new grade's first
 * class), else the first type of the school.
 */
export function suggestNodeType(nodes: readonly SchoolNode[], parent: SchoolNode | null, types: readonly NodeType[]): number | undefined {
  const known = (id: number | undefined) => (id !== undefined && types.some((t) => t.id === id) ? id : undefined);
  const parentId = parent?.id ?? null;
  const siblings = known(mostCommon(nodes.filter((n) => n.parentId === parentId).map((n) => n.typeId)));
  if (siblings !== undefined) return siblings;
  if (parent) {
    const alike = new Set(nodes.filter((n) => n.typeId === parent.typeId).map((n) => n.id));
    const cousins = known(mostCommon(nodes.filter((n) => n.parentId !== null && alike.has(n.parentId)).map((n) => n.typeId)));
    if (cousins !== undefined) return cousins;
  }
  return types[0]?.id;
}
