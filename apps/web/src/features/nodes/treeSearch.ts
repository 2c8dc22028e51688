import type { SchoolNode } from '@patio/core/schemas/nodes';

/** Lowercase without accents, so "futbol" finds "Fútbol" and "SEPTIMO" finds "Séptimo". */
export function foldForSearch(text: string): string {
  return text.toLocaleLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/gu, ' ').trim();
}

export interface TreeSearch {
  /** Groups whose name (or type name) holds every typed word. */
  matches: Set<number>;
  /** The matches and every ancestor of one: what the filtered tree shows, expanded. */
  shown: Set<number>;
}

/**
 * The groups a search keeps (issue 8): each match, and the ancestors that lead to it, so a found
 * class still sits under its grade and section. `describe` gives the text a group is found by.
 */
export function searchTree<T extends SchoolNode>(nodes: readonly T[], query: string, describe: (node: T) => string = (n) => n.name): TreeSearch {
  const words = foldForSearch(query).split(' ').filter(Boolean);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const matches = new Set<number>();
  const shown = new Set<number>();
  if (words.length === 0) return { matches, shown };
  for (const node of nodes) {
    const text = foldForSearch(describe(node));
    if (!words.every((word) => text.includes(word))) continue;
    matches.add(node.id);
    // Up to the first ancestor already shown (its own ancestors are then shown too), or the top.
    for (let at: T | undefined = node; at && !shown.has(at.id); at = at.parentId === null ? undefined : byId.get(at.parentId)) shown.add(at.id);
  }
  return { matches, shown };
}
