import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatPersonName } from '@patio/core/people/displayName';
import type { NodeMember } from '@patio/core/schemas/nodes';
import { describeError } from '../../app/api/describeError';
import { labelOf } from '../people';
import { MemberRow } from './MemberRow';
import { useMemberChanges } from './useNodes';
import classes from './memberRow.module.css';

/**
 * A roster row an administrator can remove from the group. Someone with two roles there is asked
 * which one goes (or both), so removing the director does not silently remove the teacher too.
 */
export function RemovableMemberRow({ nodeId, member }: { nodeId: number; member: NodeMember }) {
  const { t } = useTranslation();
  const { remove } = useMemberChanges(nodeId);
  const [confirming, setConfirming] = useState(false);
  const name = formatPersonName(member);
  const roles = member.memberships?.length ? member.memberships.map((m) => m.role) : [member.role];
  const isRemoving = (role?: string) => remove.isPending && remove.variables?.role === role;

  const trigger = !confirming && (
    <Button variant="subtle" color="red.9" size="sm" onClick={() => setConfirming(true)} aria-label={t('nodes.removeMember', { name })}>
      <IconTrash size={18} aria-hidden="true" />
    </Button>
  );
  const confirmation = confirming && (
    <div role="group" aria-label={t('nodes.confirmRemove', { name })}>
      <p className={classes.confirmText}>{t('nodes.confirmRemove', { name })}</p>
      <Group gap={6}>
        {roles.map((role) => (
          <Button key={role} size="xs" color="red.9" loading={isRemoving(role)} onClick={() => remove.mutate({ personId: member.id, role })}>
            {roles.length > 1 ? t('groups.removeRole', { role: labelOf(t, 'roles', role) }) : t('nodes.remove')}
          </Button>
        ))}
        {roles.length > 1 && (
          <Button size="xs" color="red.9" variant="outline" loading={isRemoving(undefined)} onClick={() => remove.mutate({ personId: member.id })}>
            {t('groups.removeAll')}
          </Button>
        )}
        <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
          {t('common.cancel')}
        </Button>
      </Group>
      {remove.isError && (
        <p role="alert" style={{ color: '#c92a2a', margin: '6px 0 0' }}>
          {describeError(t, remove.error)}
        </p>
      )}
    </div>
  );
  return <MemberRow member={member} actions={trigger} below={confirmation} />;
}
