import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Paper, Title } from '@mantine/core';
import { InviteGroupButton } from './InviteGroupButton';
import { useCanInvite } from './useInvitations';
import classes from './invitations.module.css';
import '../../ui/mantineStyles';

/**
 * The next step after an import (the report of /nodes/{nodeId}/import): invite the families just
 * imported, and a way to follow their invitations. For school administrators only.
 */
export function InviteFamiliesCallout() {
  const { t } = useTranslation();
  const nodeId = Number(useParams().nodeId);
  const canInvite = useCanInvite();
  const titleId = useId();
  if (!canInvite || !Number.isInteger(nodeId) || nodeId <= 0) return null;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId} mt="md">
      <Title order={2} size="h4" id={titleId} mb={4}>
        {t('invitations.calloutTitle')}
      </Title>
      <p className={classes.hint}>{t('invitations.calloutBody')}</p>
      <InviteGroupButton nodeId={nodeId} label={t('invitations.calloutButton')} />
      <Link to={`/admin/invitations?node=${nodeId}`}>{t('invitations.seeStatus')}</Link>
    </Paper>
  );
}
