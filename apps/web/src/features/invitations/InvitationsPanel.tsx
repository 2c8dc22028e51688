import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Paper, Title } from '@mantine/core';
import { InvitationCounts } from './InvitationCounts';
import { InvitationList } from './InvitationList';
import { InviteGroupButton } from './InviteGroupButton';
import { useCanInvite, useInvitationCounts } from './useInvitations';
import classes from './invitations.module.css';
import '../../ui/mantineStyles';

export interface InvitationsPanelProps {
  /** The group whose families the panel is about; the whole school when left out (no bulk send then). */
  nodeId?: number;
  /** Shows the list of people at once (the invitations screen) instead of behind "Show people". */
  initiallyOpen?: boolean;
}

/**
 * For school administrators (nothing for anyone else): the invitations of a group's families, or of
 * the school — counts per status, inviting the group at once, and the people with their status and
 * a way to send each one again.
 */
export function InvitationsPanel({ nodeId, initiallyOpen = false }: InvitationsPanelProps) {
  const { t } = useTranslation();
  const canInvite = useCanInvite();
  const counts = useInvitationCounts(nodeId, canInvite === true);
  const [open, setOpen] = useState(initiallyOpen);
  const titleId = useId();
  const listId = useId();
  if (!canInvite) return null;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId} mb="md">
      <Title order={2} size="h4" id={titleId} mb={4}>
        {t('invitations.title')}
      </Title>
      <p className={classes.hint}>{t('invitations.hint')}</p>
      {counts.data && <InvitationCounts counts={counts.data} />}
      {nodeId !== undefined && <InviteGroupButton nodeId={nodeId} />}
      {!initiallyOpen && (
        <Button variant="subtle" onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls={listId} px={0}>
          {open ? t('invitations.hideList') : t('invitations.showList')}
        </Button>
      )}
      <div id={listId} hidden={!open}>
        {open && <InvitationList nodeId={nodeId} />}
      </div>
    </Paper>
  );
}
