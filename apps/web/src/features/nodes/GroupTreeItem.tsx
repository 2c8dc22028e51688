import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon } from '@mantine/core';
import { IconChevronRight, IconPlus } from '@tabler/icons-react';
import type { LanguageCode } from '@patio/core/i18n/index';
import type { NodeDetail } from '@patio/core/schemas/nodes';
import { AddNodeForm } from './AddNodeForm';
import { GroupLink } from './GroupLink';
import type { TypedNode } from './nodeTree';
import type { GroupTreeState } from './useGroupTreeState';
import classes from './groupTree.module.css';

export interface GroupTreeItemProps {
  node: TypedNode;
  state: GroupTreeState;
  language: LanguageCode;
  canCreate: boolean;
  onCreated: (node: NodeDetail) => void;
}

/**
 * One group of the tree with its sub-groups: a disclosure button (aria-expanded) opens and closes
 * them, the name opens the group, and administrators add a group under it in place.
 */
export function GroupTreeItem({ node, state, language, canCreate, onCreated }: GroupTreeItemProps) {
  const { t } = useTranslation();
  const link = useRef<HTMLAnchorElement>(null);
  const children = state.childrenOf(node.id);
  const isOpen = state.isExpanded(node.id);
  const isMatch = state.search.matches.has(node.id);
  const listId = `group-${node.id}-children`;

  // A group just created takes the focus, so a keyboard user lands where they added it.
  const shouldFocus = state.focusId === node.id;
  useEffect(() => {
    if (shouldFocus) link.current?.focus();
  }, [shouldFocus]);

  return (
    <li>
      <div className={classes.row}>
        {children.length > 0 && !state.isSearching ? (
          <button
            type="button"
            className={classes.toggle}
            aria-expanded={isOpen}
            aria-controls={isOpen ? listId : undefined}
            aria-label={t(isOpen ? 'groups.collapse' : 'groups.expand', { name: node.name })}
            onClick={() => state.toggle(node.id)}
          >
            <IconChevronRight size={20} aria-hidden="true" />
          </button>
        ) : (
          <span className={classes.spacer} aria-hidden="true" />
        )}
        <GroupLink ref={link} node={node} language={language} name={isMatch ? <mark className={classes.match}>{node.name}</mark> : undefined} />
        {canCreate && (
          <ActionIcon variant="subtle" size={44} className={classes.add} aria-label={t('groups.addChild', { name: node.name })} onClick={() => state.openForm(node.id)}>
            <IconPlus size={20} aria-hidden="true" />
          </ActionIcon>
        )}
      </div>
      {state.formUnder === node.id && (
        <AddNodeForm parent={node} nodes={state.nodes} types={state.types} onCreated={onCreated} onCancel={state.closeForm} />
      )}
      {children.length > 0 && isOpen && (
        <ul id={listId}>
          {children.map((child) => (
            <GroupTreeItem key={child.id} node={child} state={state} language={language} canCreate={canCreate} onCreated={onCreated} />
          ))}
        </ul>
      )}
    </li>
  );
}
