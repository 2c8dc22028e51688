import { useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Loader } from '@mantine/core';
import { IconHierarchy2, IconPlus } from '@tabler/icons-react';
import { useSessionState } from '../../app/services';
import { StatusMessage } from '../../ui/StatusMessage';
import { RefusalMessage } from '../../app/RefusalMessage';
import { AddNodeForm } from './AddNodeForm';
import { GroupLink } from './GroupLink';
import { NodeFrame, useNodeAdmin } from './NodeFrame';
import { useNode, useNodeChildren, useNodeTypes } from './useNodes';
import classes from './nodes.module.css';
import '../../ui/mantineStyles';
import { withDirectoryTerms } from '../../app/i18n/withDirectoryTerms';

/** /nodes/{nodeId}/nodes: the node's sub-groups, each with its type and size; administrators add one here. */
export const NodeChildrenPage = withDirectoryTerms(function NodeChildrenPage() {
  const { t } = useTranslation();
  const language = useSessionState((s) => s.language);
  const nodeId = Number(useParams().nodeId);
  const node = useNode(nodeId);
  const children = useNodeChildren(nodeId);
  const types = useNodeTypes().data ?? [];
  const { canCreateGroups } = useNodeAdmin(nodeId);
  const [isAdding, setAdding] = useState(false);
  const [created, setCreated] = useState<string | null>(null);

  let body;
  if (children.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (children.isError) body = <RefusalMessage error={children.error} onRetry={() => void children.refetch()} />;
  else if (children.data.length === 0) body = <StatusMessage icon={<IconHierarchy2 size={36} />} title={t('nodes.noChildrenTitle')} body={t('nodes.noChildrenBody')} />;
  else {
    body = (
      <ul className={classes.list} aria-label={t('nodes.children')}>
        {children.data.map((child) => (
          <li key={child.id} className={classes.childRow}>
            <GroupLink node={child} language={language} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <NodeFrame nodeId={nodeId}>
      {body}
      <p role="status" className={classes.summary}>
        {created ?? ''}
      </p>
      {canCreateGroups && node.data && children.data && types.length > 0 &&
        (isAdding ? (
          <AddNodeForm
            parent={node.data}
            nodes={children.data}
            types={types}
            onCreated={(group) => {
              setAdding(false);
              setCreated(t('groups.created', { name: group.name }));
            }}
            onCancel={() => setAdding(false)}
          />
        ) : (
          <Button variant="light" mt="md" leftSection={<IconPlus size={18} aria-hidden="true" />} onClick={() => setAdding(true)}>
            {t('groups.addChild', { name: node.data.name })}
          </Button>
        ))}
    </NodeFrame>
  );
});
