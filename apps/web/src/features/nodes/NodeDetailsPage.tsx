import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader, Paper, Stack, Title } from '@mantine/core';
import { useSessionState } from '../../app/services';
import { RefusalMessage } from '../../app/RefusalMessage';
import { AddMemberForm } from './AddMemberForm';
import { RemovableMemberRow } from './MemberRemoval';
import { MemberRow } from './MemberRow';
import { NodeFrame, useNodeAdmin } from './NodeFrame';
import { typeNameOf } from './nodeTree';
import { useNode, useNodeMembers } from './useNodes';
import classes from './nodes.module.css';
import rowClasses from './memberRow.module.css';
import '../../ui/mantineStyles';

/** /nodes/{nodeId}: the node itself (type, members with their roles); administrators add and remove members. */
export function NodeDetailsPage() {
  const { t } = useTranslation();
  const language = useSessionState((s) => s.language);
  const nodeId = Number(useParams().nodeId);
  const node = useNode(nodeId);
  const members = useNodeMembers(nodeId);
  const { canManageMembers } = useNodeAdmin(nodeId);

  let body;
  if (node.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (node.isError) body = <RefusalMessage error={node.error} onRetry={() => void node.refetch()} />;
  else {
    const type = typeNameOf(node.data, language);
    const path = (node.data.path ?? []).filter((p) => p.id !== nodeId);
    body = (
      <Stack gap="md">
        <div>
          {path.length > 0 && (
            <nav aria-label={t('nodes.breadcrumbs')}>
              <ol className={classes.breadcrumbs}>
                {path.map((p) => (
                  <li key={p.id}>
                    <Link to={`/nodes/${p.id}`}>{p.name}</Link>
                  </li>
                ))}
              </ol>
            </nav>
          )}
          <p className={classes.summary}>{[type, t('nodes.memberCount', { count: node.data.memberCount })].filter(Boolean).join(' · ')}</p>
        </div>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="node-members">
          <Title order={2} size="h4" id="node-members" mb="xs">
            {t('nodes.members')}
            {members.data ? ` (${members.data.length})` : ''}
          </Title>
          {members.isPending && <Loader role="status" size="sm" aria-label={t('common.loading')} />}
          {members.isError && <RefusalMessage error={members.error} onRetry={() => void members.refetch()} resource="group" />}
          {members.data?.length === 0 && <p>{canManageMembers ? t('nodes.noMembersAdmin') : t('nodes.noMembers')}</p>}
          {members.data && members.data.length > 0 && (
            <ul className={rowClasses.list}>
              {members.data.map((member) =>
                canManageMembers ? <RemovableMemberRow key={member.id} nodeId={nodeId} member={member} /> : <MemberRow key={member.id} member={member} />,
              )}
            </ul>
          )}
        </Paper>
        {canManageMembers && <AddMemberForm nodeId={nodeId} />}
      </Stack>
    );
  }
  return <NodeFrame nodeId={nodeId}>{body}</NodeFrame>;
}
