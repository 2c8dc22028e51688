import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { localDateOf } from '@patio/core/calendar/times';
import { formatDay } from '@patio/core/format/dateTimes';
import { intlLocaleOf } from '@patio/core/format/intlLocale';
import type { FeedEvent } from '@patio/core/schemas/calendar';
import { RefusalMessage } from '../../../app/RefusalMessage';
import { useSchoolTimeZone } from '../../../app/schoolTimeZone';
import { monthWindow, shiftMonth, usePersonEvents } from './usePersonCalendar';
import classes from './personTab.module.css';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** "diciembre de 2026" → "Diciembre de 2026": Intl writes month and weekday names in lower case in most of the languages. */
function capitalized(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** Where an event opens: the screen it names (a classroom task), its post's thread, or its own page. */
function eventPath(event: FeedEvent): string {
  if (event.path) return event.path;
  return event.post ? `/threads/feed/${event.post.thread}` : `/calendar/events/${event.id}`;
}

/** The day an occurrence is listed under: its first day, or the month's first for one that began before. */
function dayOf(event: FeedEvent, zone: string, monthStart: string): string {
  const day = event.allDay ? event.start.slice(0, 10) : localDateOf(event.startDate, zone);
  return day < monthStart ? monthStart : day;
}

function EventTime({ event, zone }: { event: FeedEvent; zone: string }) {
  const { t, i18n } = useTranslation();
  if (event.allDay) return <span className={classes.eventTime}>{t('personTab.calendar.allDay')}</span>;
  const format = new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { timeStyle: 'short', timeZone: zone });
  const start = new Date(event.startDate * 1000);
  const text = event.endDate > event.startDate ? format.formatRange(start, new Date(event.endDate * 1000)) : format.format(start);
  return <span className={classes.eventTime}>{text}</span>;
}

function MonthList({ personId, month, zone }: { personId: number; month: string; zone: string }) {
  const { t, i18n } = useTranslation();
  const events = usePersonEvents(personId, month);
  if (events.isPending) return <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  if (events.isError) return <RefusalMessage error={events.error} onRetry={() => void events.refetch()} resource="person" />;
  const { start } = monthWindow(month);
  const days = new Map<string, FeedEvent[]>();
  for (const event of events.data) {
    const day = dayOf(event, zone, start);
    days.set(day, [...(days.get(day) ?? []), event]);
  }
  if (days.size === 0) return <p className={classes.muted}>{t('personTab.calendar.empty')}</p>;
  return (
    <div>
      {[...days].map(([day, list]) => (
        <section key={day} aria-labelledby={`person-day-${day}`}>
          <h4 className={classes.day} id={`person-day-${day}`}>
            {capitalized(formatDay(day, i18n.language, 'full'), intlLocaleOf(i18n.language))}
          </h4>
          <ul className={classes.items}>
            {list.map((event, index) => (
              <li key={`${event.feed}-${event.id}-${event.startDate}-${index}`} className={classes.item}>
                <Link to={eventPath(event)} className={classes.event}>
                  <EventTime event={event} zone={zone} />
                  <span className={classes.itemText}>
                    <span className={classes.itemTitle}>{event.title.trim() || t('calendar.untitled')}</span>
                    {event.location && <span className={classes.muted}>{event.location}</span>}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/**
 * /person/{personId}/calendar: the person's events a month at a time, as a list (the spec's default
 * listMonth view) without the full calendar's code. The month is in the address (?month=YYYY-MM), so
 * the tab comes back to it.
 */
export function PersonCalendarPage() {
  const { t, i18n } = useTranslation();
  const personId = Number(useParams().personId);
  const [search, setSearch] = useSearchParams();
  const zone = useSchoolTimeZone();
  // The moment the screen opened: "this month" stays the same month while it is on screen.
  const [openedAt] = useState(() => Date.now() / 1000);
  if (zone === null) return <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  const asked = search.get('month');
  const month = asked && MONTH.test(asked) ? asked : localDateOf(openedAt, zone).slice(0, 7);
  const locale = intlLocaleOf(i18n.language);
  const monthName = capitalized(new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`)), locale);
  const go = (delta: number) => setSearch({ month: shiftMonth(month, delta) }, { replace: true });
  return (
    <section aria-labelledby="person-month">
      <div className={classes.monthBar}>
        <button type="button" className={classes.monthButton} onClick={() => go(-1)} aria-label={t('personTab.calendar.previous')}>
          <IconChevronLeft size={20} aria-hidden="true" />
        </button>
        <h3 className={classes.monthTitle} id="person-month" aria-live="polite">
          <span className={classes.visuallyHidden}>{t('personTab.calendar.list', { month: monthName })}</span>
          <span aria-hidden="true">{monthName}</span>
        </h3>
        <button type="button" className={classes.monthButton} onClick={() => go(1)} aria-label={t('personTab.calendar.next')}>
          <IconChevronRight size={20} aria-hidden="true" />
        </button>
      </div>
      <MonthList personId={personId} month={month} zone={zone} />
    </section>
  );
}
