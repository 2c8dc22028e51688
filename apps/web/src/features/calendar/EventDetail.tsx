import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarEvent } from '@patio/core/schemas/calendar';
import { AddToCalendarButton } from './AddToCalendarButton';
import { eventTitle, eventWhen, recurrenceText } from './eventText';
import { RsvpControls } from './RsvpControls';
import classes from './calendar.module.css';

const NEXT_DATES_SHOWN = 5;

/** An event's detail: title, when, where, repetition and its next dates, details, RSVP and ICS. */
export function EventDetail({ event }: { event: CalendarEvent }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const title = eventTitle(t, event.title);
  const upcoming = event.recurrence ? event.occurrences.slice(0, NEXT_DATES_SHOWN) : [];

  return (
    <article className={classes.detail} aria-labelledby={titleId}>
      <h2 id={titleId} className={classes.detailTitle}>
        {title}
      </h2>
      <dl className={classes.facts}>
        <dt>{t('calendar.event.when')}</dt>
        <dd>{eventWhen(event, i18n.language)}</dd>
        {event.location.trim() !== '' && (
          <>
            <dt>{t('calendar.event.where')}</dt>
            <dd>{event.location}</dd>
          </>
        )}
        {event.recurrence && (
          <>
            <dt>{t('calendar.event.repeats')}</dt>
            <dd>{recurrenceText(t, event.recurrence, i18n.language)}</dd>
          </>
        )}
        {event.node && (
          <>
            <dt>{t('calendar.event.calendar')}</dt>
            <dd>{event.node.name}</dd>
          </>
        )}
      </dl>
      {event.secondary.trim() !== '' && <p className={classes.secondary}>{event.secondary}</p>}
      {upcoming.length > 0 && (
        <section aria-label={t('calendar.event.nextDates')}>
          <h3 className={classes.sectionTitle}>{t('calendar.event.nextDates')}</h3>
          <ul className={classes.nextDates}>
            {upcoming.map((occurrence) => (
              <li key={occurrence.startDate}>{eventWhen({ ...occurrence, allDay: event.allDay, timeZone: event.timeZone }, i18n.language, 'medium')}</li>
            ))}
          </ul>
        </section>
      )}
      <RsvpControls eventId={event.id} summary={event.rsvp} />
      <AddToCalendarButton eventId={event.id} title={title} />
    </article>
  );
}
