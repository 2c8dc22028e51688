import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { IconHierarchy2 } from '@tabler/icons-react';
import type { LanguageCode } from '@patio/core/i18n/index';
import { useGoBack } from '../../app/back/useGoBack';
import { useSessionState } from '../../app/services';
import { PageShell } from '../../ui/PageShell';
import { StatusMessage } from '../../ui/StatusMessage';
import { RefusalMessage } from '../../app/RefusalMessage';
import { flattenTree, typeNameOf, type TypedNode } from './nodeTree';
import { useNodeTree } from './useNodes';
import classes from './nodes.module.css';
import '../../ui/mantineStyles';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';

interface Branch {
  node: TypedNode;
  children: Branch[];
}

/** Rebuilds nesting from the flat tree's reading order. */
function toBranches(nodes: TypedNode[]): Branch[] {
  const roots: Branch[] = [];
  const stack: Branch[] = [];
  for (const { node, depth } of flattenTree(nodes)) {
    const branch = { node, children: [] };
    stack.length = depth;
    (depth === 0 ? roots : stack[depth - 1].children).push(branch);
    stack[depth] = branch;
  }
  return roots;
}

function BranchList({ branches, language }: { branches: Branch[]; language: LanguageCode }) {
  return (
    <ul>
      {branches.map(({ node, children }) => (
        <li key={node.id}>
          <Link to={`/nodes/${node.id}`} className={classes.nodeLink}>
            <span className={classes.nodeName}>{node.name}</span>
            <span className={classes.nodeType}>{typeNameOf(node, language)}</span>
          </Link>
          {children.length > 0 && <BranchList branches={children} language={language} />}
        </li>
      ))}
    </ul>
  );
}

/** /nodes: the school's tree of sections, grades, classes, teams and routes, with their types' names. */
export const NodesPage = withDirectoryTerms(function NodesPage() {
  const { t } = useTranslation();
  const goBack = useGoBack('/more');
  const language = useSessionState((s) => s.language);
  const tree = useNodeTree();

  let body;
  if (tree.isPending) body = <Loader size="sm" aria-label={t('common.loading')} />;
  else if (tree.isError) body = <RefusalMessage error={tree.error} onRetry={() => void tree.refetch()} />;
  else if (tree.data.nodes.length === 0) body = <StatusMessage icon={<IconHierarchy2 size={36} />} title={t('nodes.emptyTitle')} body={t('nodes.emptyBody')} />;
  else {
    body = (
      <nav aria-label={t('nodes.tree')} className={classes.tree}>
        <BranchList branches={toBranches(tree.data.nodes)} language={language} />
      </nav>
    );
  }
  return (
    <PageShell title={t('screens.nodes')} onBack={goBack}>
      {body}
    </PageShell>
  );
});
