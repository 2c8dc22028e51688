import { useTranslation } from 'react-i18next';
import { Loader, Modal, Text } from '@mantine/core';
import { formatPersonName } from '@patio/core/people/displayName';
import { useRsvpList } from './useCalendarEvent';
import classes from './calendar.module.css';

export interface RsvpNamesDialogProps {
  eventId: number;
  opened: boolean;
  onClose: () => void;
}

/** Who answered the event's RSVP, going and not going: for its author and administrators. */
export function RsvpNamesDialog({ eventId, opened, onClose }: RsvpNamesDialogProps) {
  const { t } = useTranslation();
  const list = useRsvpList(eventId, opened);

  let body;
  if (list.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (list.isError) body = <Text role="alert">{t('calendar.rsvp.namesFailed')}</Text>;
  else {
    const groups = [
      { key: 'going', label: t('calendar.rsvp.goingList'), people: list.data.going },
      { key: 'notGoing', label: t('calendar.rsvp.notGoingList'), people: list.data.notGoing },
    ];
    body = groups.map((group) => (
      <section key={group.key} aria-label={group.label} className={classes.rsvpGroup}>
        <h3 className={classes.rsvpGroupTitle}>
          {group.label} ({group.people.length})
        </h3>
        {group.people.length === 0 ? (
          <Text c="gray.7">{t('calendar.rsvp.nobody')}</Text>
        ) : (
          <ul className={classes.rsvpNames}>
            {group.people.map((person) => (
              <li key={person.id}>{formatPersonName(person)}</li>
            ))}
          </ul>
        )}
      </section>
    ));
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('calendar.rsvp.namesTitle')} closeButtonProps={{ 'aria-label': t('common.close') }}>
      {body}
    </Modal>
  );
}
