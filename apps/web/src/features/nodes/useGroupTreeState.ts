import { useCallback, useMemo, useState } from 'react';
import type { NodeType } from '@patio/core/schemas/nodes';
import type { TypedNode } from './nodeTree';
import { searchTree, type TreeSearch } from './treeSearch';

/** Up to this many groups the tree opens whole; a larger school opens its first two levels. */
const OPEN_WHOLE_UP_TO = 40;

export interface GroupTreeState {
  nodes: readonly TypedNode[];
  types: readonly NodeType[];
  /** The sub-groups of a group (of the top, for null) that the tree shows now, in order. */
  childrenOf: (parentId: number | null) => TypedNode[];
  isExpanded: (id: number) => boolean;
  toggle: (id: number) => void;
  /** Some group shows sub-groups: there is something to open and close. */
  hasBranches: boolean;
  expandAll: () => void;
  collapseAll: () => void;
  isSearching: boolean;
  search: TreeSearch;
  /** Where the add-a-group form is open: a group's id, 'root' for the top level, or null. */
  formUnder: number | 'root' | null;
  openForm: (parentId: number | 'root') => void;
  closeForm: () => void;
  /** A group that should take the focus once shown (just created). */
  focusId: number | null;
  reveal: (id: number, parentId: number | null) => void;
}

/**
 * The Groups tree's state: which groups are open, the search (which shows matches with their
 * ancestors, all open), and where a group is being added. Groups whose parent the person may not
 * see start at the top.
 */
export function useGroupTreeState(nodes: readonly TypedNode[], types: readonly NodeType[], query: string, describe: (node: TypedNode) => string): GroupTreeState {
  const byParent = useMemo(() => {
    const ids = new Set(nodes.map((n) => n.id));
    const map = new Map<number | null, TypedNode[]>();
    for (const node of nodes) {
      const parent = node.parentId !== null && ids.has(node.parentId) ? node.parentId : null;
      map.set(parent, [...(map.get(parent) ?? []), node]);
    }
    return map;
  }, [nodes]);

  const [expanded, setExpanded] = useState<Set<number>>(() => initiallyOpen(byParent, nodes.length));
  const [formUnder, setFormUnder] = useState<number | 'root' | null>(null);
  const [focusId, setFocusId] = useState<number | null>(null);
  const search = useMemo(() => searchTree(nodes, query, describe), [nodes, query, describe]);
  const isSearching = query.trim() !== '';

  const childrenOf = useCallback(
    (parentId: number | null) => {
      const children = byParent.get(parentId) ?? [];
      return isSearching ? children.filter((n) => search.shown.has(n.id)) : children;
    },
    [byParent, isSearching, search],
  );

  return {
    nodes,
    types,
    childrenOf,
    isExpanded: (id) => isSearching || expanded.has(id),
    toggle: (id) =>
      setExpanded((open) => {
        const next = new Set(open);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    hasBranches: byParent.size > 1,
    expandAll: () => setExpanded(new Set([...byParent.keys()].filter((id): id is number => id !== null))),
    collapseAll: () => setExpanded(new Set()),
    isSearching,
    search,
    formUnder,
    openForm: (parentId) => {
      setFormUnder(parentId);
      setFocusId(null);
    },
    closeForm: () => setFormUnder(null),
    focusId,
    reveal: (id, parentId) => {
      setFormUnder(null);
      setFocusId(id);
      if (parentId !== null) setExpanded((open) => new Set(open).add(parentId));
    },
  };
}

function initiallyOpen(byParent: Map<number | null, TypedNode[]>, size: number): Set<number> {
  const parents = [...byParent.keys()].filter((id): id is number => id !== null);
  if (size <= OPEN_WHOLE_UP_TO) return new Set(parents);
  return new Set((byParent.get(null) ?? []).map((n) => n.id).filter((id) => byParent.has(id)));
}
