import { useMemo } from 'react';
import { useSessionState } from '../../app/services';
import { flattenTree, typeNameOf } from './nodeTree';
import { useNodeTree } from './useNodes';

export interface NodeOption {
  value: string;
  label: string;
}

/** The school's groups as select options in tree order, indented by depth and named with their type ("7A (Curso)"). */
export function useNodeOptions(): NodeOption[] {
  const language = useSessionState((s) => s.language);
  const tree = useNodeTree();
  return useMemo(
    () =>
      flattenTree(tree.data?.nodes ?? []).map(({ node, depth }) => {
        const type = typeNameOf(node, language);
        return { value: String(node.id), label: `${'\u00A0\u00A0'.repeat(depth)}${node.name}${type ? ` (${type})` : ''}` };
      }),
    [tree.data, language],
  );
}
