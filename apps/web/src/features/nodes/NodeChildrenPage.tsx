import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { IconHierarchy2 } from '@tabler/icons-react';
import { useSessionState } from '../../app/services';
import { StatusMessage } from '../../ui/StatusMessage';
import { RefusalMessage } from '../../app/RefusalMessage';
import { NodeFrame } from './NodeFrame';
import { typeNameOf } from './nodeTree';
import { useNodeChildren } from './useNodes';
import classes from './nodes.module.css';
import '../../ui/mantineStyles';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';

/** /nodes/{nodeId}/nodes: the node's sub-groups. */
export const NodeChildrenPage = withDirectoryTerms(function NodeChildrenPage() {
  const { t } = useTranslation();
  const language = useSessionState((s) => s.language);
  const nodeId = Number(useParams().nodeId);
  const children = useNodeChildren(nodeId);
  let body;
  if (children.isPending) body = <Loader size="sm" aria-label={t('common.loading')} />;
  else if (children.isError) body = <RefusalMessage error={children.error} onRetry={() => void children.refetch()} />;
  else if (children.data.length === 0) body = <StatusMessage icon={<IconHierarchy2 size={36} />} title={t('nodes.noChildrenTitle')} body={t('nodes.noChildrenBody')} />;
  else {
    body = (
      <ul className={classes.tree} aria-label={t('nodes.children')}>
        {children.data.map((child) => (
          <li key={child.id}>
            <Link to={`/nodes/${child.id}`} className={classes.nodeLink}>
              <span className={classes.nodeName}>{child.name}</span>
              <span className={classes.nodeType}>{typeNameOf(child, language)}</span>
              {child.memberCount !== undefined && <span className={classes.nodeType}>· {t('nodes.memberCount', { count: child.memberCount })}</span>}
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return <NodeFrame nodeId={nodeId}>{body}</NodeFrame>;
});
