import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconCalendarEvent, IconMapPin, IconRepeat } from '@tabler/icons-react';
import type { PostEvent } from '@patio/core/schemas/calendar';
import { AddToCalendarButton } from './AddToCalendarButton';
import { eventTitle, eventWhen, recurrenceText } from './eventText';
import { RsvpControls } from './RsvpControls';
import { useCalendarEvent } from './useCalendarEvent';
import classes from './calendar.module.css';
import './calendarStyles';

export interface PostEventPanelProps {
  event: PostEvent;
}

/**
 * The event a post carries, on its card (issue 11 §3): when, where, how it repeats, RSVP when the
 * author asks (its state comes from the event's detail, asked only then), "Add to my calendar" and a
 * way to the calendar at that date.
 */
export function PostEventPanel({ event }: PostEventPanelProps) {
  const { t, i18n } = useTranslation();
  const detail = useCalendarEvent(event.id, event.rsvp);
  const title = eventTitle(t, event.title);
  const day = event.start.slice(0, 10);

  return (
    <section className={classes.panel} aria-label={t('postCard.event')}>
      <p className={classes.panelTitle}>
        <IconCalendarEvent size={20} aria-hidden="true" />
        <span>{title}</span>
      </p>
      <p className={classes.panelWhen}>{eventWhen(event, i18n.language, 'medium')}</p>
      {event.location.trim() !== '' && (
        <p className={classes.panelLine}>
          <IconMapPin size={16} aria-hidden="true" />
          <span>{event.location}</span>
        </p>
      )}
      {event.recurrence && (
        <p className={classes.panelLine}>
          <IconRepeat size={16} aria-hidden="true" />
          <span>{recurrenceText(t, event.recurrence, i18n.language)}</span>
        </p>
      )}
      {event.rsvp && !detail.isError && <RsvpControls eventId={event.id} summary={detail.data?.rsvp} />}
      <div className={classes.panelActions}>
        <AddToCalendarButton eventId={event.id} title={title} />
        <Link to={`/calendar?date=${day}`} className={classes.calendarLink}>
          {t('calendar.event.seeInCalendar')}
        </Link>
      </div>
    </section>
  );
}
