import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { LanguageCode } from '@patio/core/i18n/index';
import type { NodeDetail, NodeType } from '@patio/core/schemas/nodes';
import { AddNodeForm } from './AddNodeForm';
import { GroupTreeItem } from './GroupTreeItem';
import { typeNameOf, type TypedNode } from './nodeTree';
import { useGroupTreeState } from './useGroupTreeState';
import classes from './groupTree.module.css';
import '../../ui/mantineStyles';

export interface GroupTreeProps {
  nodes: readonly TypedNode[];
  types: readonly NodeType[];
  language: LanguageCode;
  /** Administrators add groups in place. */
  canCreate: boolean;
}

/**
 * The school's groups as a tree (issue 8): open and close branches, find a group by name or type
 * (its ancestors stay in view), and, for administrators, add a group under any other.
 */
export function GroupTree({ nodes, types, language, canCreate }: GroupTreeProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const describe = useCallback((node: TypedNode) => `${node.name} ${typeNameOf(node, language)}`, [language]);
  const state = useGroupTreeState(nodes, types, query, describe);
  const roots = state.childrenOf(null);

  const handleCreated = (node: NodeDetail) => {
    setCreated(t('groups.created', { name: node.name }));
    setQuery('');
    state.reveal(node.id, node.parentId);
  };

  return (
    <>
      {nodes.length > 0 && (
        <div className={classes.tools}>
          <TextInput
            className={classes.search}
            type="search"
            label={t('groups.search')}
            placeholder={t('groups.searchPlaceholder')}
            leftSection={<IconSearch size={18} aria-hidden="true" />}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
          />
          {!state.isSearching && state.hasBranches && (
            <Group gap={6}>
              <Button variant="default" onClick={state.expandAll}>
                {t('groups.expandAll')}
              </Button>
              <Button variant="default" onClick={state.collapseAll}>
                {t('groups.collapseAll')}
              </Button>
            </Group>
          )}
        </div>
      )}
      <p className={classes.status} role="status">
        {state.isSearching ? t('groups.matches', { count: state.search.matches.size }) : (created ?? '')}
      </p>
      {state.isSearching && state.search.matches.size === 0 && <p>{t('groups.noMatches', { query: query.trim() })}</p>}
      <nav aria-label={t('nodes.tree')}>
        <ul className={classes.tree}>
          {roots.map((node) => (
            <GroupTreeItem key={node.id} node={node} state={state} language={language} canCreate={canCreate} onCreated={handleCreated} />
          ))}
        </ul>
      </nav>
      {canCreate &&
        (state.formUnder === 'root' ? (
          <AddNodeForm parent={null} nodes={nodes} types={types} onCreated={handleCreated} onCancel={state.closeForm} />
        ) : (
          <Button variant="light" mt="md" leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => state.openForm('root')}>
            {t('groups.addRoot')}
          </Button>
        ))}
    </>
  );
}
