import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatPersonName } from '@patio/core/people/displayName';
import { useSessionState } from '../../app/services';
import { labelOf, PersonRow } from '../people';
import { RefusalMessage } from '../../app/RefusalMessage';
import { AddMemberForm } from './AddMemberForm';
import { NodeFrame, useNodeAdmin } from './NodeFrame';
import type { NodeMember } from '@patio/core/schemas/nodes';
import { typeNameOf } from './nodeTree';
import { useMemberChanges, useNode, useNodeMembers } from './useNodes';
import classes from './nodes.module.css';
import '../../ui/mantineStyles';

function MemberItem({ nodeId, member, canRemove }: { nodeId: number; member: NodeMember; canRemove: boolean }) {
  const { t } = useTranslation();
  const { remove } = useMemberChanges(nodeId);
  const [confirming, setConfirming] = useState(false);
  const name = formatPersonName(member);
  const meta = [labelOf(t, 'roles', member.role), member.enrollmentStatus ? labelOf(t, 'enrollment', member.enrollmentStatus) : ''].filter(Boolean).join(' · ');
  return (
    <li className={classes.member}>
      <PersonRow person={member} meta={meta} />
      {canRemove && !confirming && (
        <Button variant="subtle" color="red.9" size="sm" onClick={() => setConfirming(true)} aria-label={t('nodes.removeMember', { name: `${name} (${labelOf(t, 'roles', member.role)})` })}>
          <IconTrash size={18} aria-hidden="true" />
        </Button>
      )}
      {canRemove && confirming && (
        <Group gap={4} wrap="nowrap" role="group" aria-label={t('nodes.confirmRemove', { name })}>
          <Button size="xs" color="red.9" loading={remove.isPending} onClick={() => remove.mutate({ personId: member.id, role: member.role })}>
            {t('nodes.remove')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </Button>
        </Group>
      )}
    </li>
  );
}

/** /nodes/{nodeId}: the node itself (type, members with roles); administrators add and remove members. */
export function NodeDetailsPage() {
  const { t } = useTranslation();
  const language = useSessionState((s) => s.language);
  const nodeId = Number(useParams().nodeId);
  const node = useNode(nodeId);
  const members = useNodeMembers(nodeId);
  const { canManageMembers } = useNodeAdmin(nodeId);

  let body;
  if (node.isPending) body = <Loader size="sm" aria-label={t('common.loading')} />;
  else if (node.isError) body = <RefusalMessage error={node.error} onRetry={() => void node.refetch()} />;
  else {
    const type = typeNameOf(node.data, language);
    body = (
      <Stack gap="md">
        <div>
          {(node.data.path?.length ?? 0) > 0 && (
            <nav aria-label={t('nodes.breadcrumbs')}>
              <ol className={classes.breadcrumbs}>
                {node.data.path!.filter((p) => p.id !== nodeId).map((p) => (
                  <li key={p.id}>
                    <Link to={`/nodes/${p.id}`}>{p.name}</Link>
                  </li>
                ))}
              </ol>
            </nav>
          )}
          <p style={{ margin: '4px 0 0', color: '#495057' }}>
            {[type, node.data.memberCount !== undefined ? t('nodes.memberCount', { count: node.data.memberCount }) : ''].filter(Boolean).join(' · ')}
          </p>
        </div>
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="node-members">
          <Title order={2} size="h4" id="node-members" mb="xs">
            {t('nodes.members')}
            {members.data ? ` (${members.data.length})` : ''}
          </Title>
          {members.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
          {members.isError && <RefusalMessage error={members.error} onRetry={() => void members.refetch()} />}
          {members.data?.length === 0 && <p>{canManageMembers ? t('nodes.noMembersAdmin') : t('nodes.noMembers')}</p>}
          {members.data && members.data.length > 0 && (
            <ul className={classes.tree}>
              {members.data.map((member) => (
                <MemberItem key={`${member.id}-${member.role}`} nodeId={nodeId} member={member} canRemove={canManageMembers} />
              ))}
            </ul>
          )}
        </Paper>
        {canManageMembers && <AddMemberForm nodeId={nodeId} />}
      </Stack>
    );
  }
  return <NodeFrame nodeId={nodeId}>{body}</NodeFrame>;
}
