import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Loader, Text } from '@mantine/core';
import { IconCheck, IconUsers, IconX } from '@tabler/icons-react';
import type { RsvpAnswer, RsvpSummary } from '@patio/core/schemas/calendar';
import { useAllowedPaths } from '../../app/access/useAllowedPaths';
import { RsvpNamesDialog } from './RsvpNamesDialog';
import { useRsvp } from './useCalendarEvent';
import classes from './calendar.module.css';

export interface RsvpControlsProps {
  eventId: number;
  /** Undefined while the event's detail loads. */
  summary: RsvpSummary | undefined;
}

/**
 * Going / not going (issue 11 §3) when the author asks: two pressed-state buttons, the counts, a way
 * to withdraw, and the names for those the server lets read them (the author, administrators).
 */
export function RsvpControls({ eventId, summary }: RsvpControlsProps) {
  const { t } = useTranslation();
  const rsvp = useRsvp(eventId);
  const [namesOpen, setNamesOpen] = useState(false);
  const namesPath = `calendar/events/${eventId}/rsvps`;
  const mayReadNames = useAllowedPaths(summary?.enabled ? [namesPath] : [])?.[namesPath] === true;

  if (!summary) return <Loader role="status" size="xs" aria-label={t('common.loading')} />;
  if (!summary.enabled) return null;

  const answer = (choice: RsvpAnswer) => {
    if (summary.mine !== choice) rsvp.mutate(choice);
  };
  const pending = rsvp.isPending ? rsvp.variables : undefined;

  return (
    <div className={classes.rsvp} role="group" aria-label={t('calendar.rsvp.question')}>
      <Text fw={600}>{t('calendar.rsvp.question')}</Text>
      <Group gap="xs" wrap="wrap">
        <Button
          variant={summary.mine === 'going' ? 'filled' : 'default'}
          leftSection={<IconCheck size={18} aria-hidden="true" />}
          aria-pressed={summary.mine === 'going'}
          loading={pending === 'going'}
          onClick={() => answer('going')}
        >
          {t('calendar.rsvp.going')}
        </Button>
        <Button
          variant={summary.mine === 'not_going' ? 'filled' : 'default'}
          leftSection={<IconX size={18} aria-hidden="true" />}
          aria-pressed={summary.mine === 'not_going'}
          loading={pending === 'not_going'}
          onClick={() => answer('not_going')}
        >
          {t('calendar.rsvp.notGoing')}
        </Button>
        {summary.mine !== null && (
          <Button variant="subtle" loading={pending === null} onClick={() => rsvp.mutate(null)}>
            {t('calendar.rsvp.withdraw')}
          </Button>
        )}
      </Group>
      <Text size="sm" c="gray.7" aria-live="polite">
        {t('calendar.rsvp.goingCount', { count: summary.going })} · {t('calendar.rsvp.notGoingCount', { count: summary.notGoing })}
      </Text>
      {rsvp.isError && (
        <Text role="alert" c="red.8" size="sm">
          {t('calendar.rsvp.failed')}
        </Text>
      )}
      {mayReadNames && (
        <>
          <Button variant="subtle" size="compact-md" leftSection={<IconUsers size={18} aria-hidden="true" />} onClick={() => setNamesOpen(true)} className={classes.namesButton}>
            {t('calendar.rsvp.names')}
          </Button>
          <RsvpNamesDialog eventId={eventId} opened={namesOpen} onClose={() => setNamesOpen(false)} />
        </>
      )}
    </div>
  );
}
