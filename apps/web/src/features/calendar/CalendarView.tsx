import { forwardRef, useEffect, useId, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { DatesSetArg, EventClickArg } from '@fullcalendar/core';
import { Button, Loader } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { addDays } from '@patio/core/calendar/times';
import { useSignedInId } from '../../app/session/useSignedInId';
import { Notice } from '../../ui/Notice';
import { CalendarToolbar } from './CalendarToolbar';
import { dayOf, localDayOf, viewOf, type CalendarViewName } from './calendarViews';
import { FeedPanel } from './FeedPanel';
import { fullCalendarLocaleOf } from './fullCalendarLocale';
import { toCalendarEvents, type CalendarPaths } from './toCalendarEvents';
import { useCalendarFeeds, useFeedEvents, useToggleFeed, type FeedWindow } from './useCalendarFeeds';
import classes from './calendar.module.css';

export interface CalendarViewProps {
  paths: CalendarPaths;
  /** Staff: a click on a day of the month or a time of the week starts a new event there. */
  onPickDay?: (day: string) => void;
}

/** What the screen may ask of the calendar it holds. */
export interface CalendarViewHandle {
  goTo: (day: string) => void;
}

// Seven columns share 358 px on a phone: day names shrink to their first letter ("L 23"), and the
// month's chips give their few letters to the title rather than the hour.
const PHONE_VIEWS = {
  dayGridMonth: { dayHeaderFormat: { weekday: 'narrow' }, displayEventTime: false },
  timeGridWeek: { dayHeaderFormat: { weekday: 'narrow', day: 'numeric', omitCommas: true } },
} as const;

const DAY_STARTS = '07:00:00';

interface Shown {
  window: FeedWindow;
  title: string;
  view: CalendarViewName;
  /** The first day of the period, or null when it holds today (the address then names no date). */
  day: string | null;
}

/**
 * FullCalendar over the person's feeds (issue 11 §3): one request per shown calendar for the visible
 * window, items coloured by calendar, a panel of calendars, and the view and date kept in the address.
 * A calendar that fails to load is left out with a quiet notice (spec §8).
 */
export const CalendarView = forwardRef<CalendarViewHandle, CalendarViewProps>(function CalendarView({ paths, onPickDay }, ref) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const me = useSignedInId();
  const [search, setSearch] = useSearchParams();
  const [initial] = useState(() => ({ view: viewOf(search.get('view')), date: dayOf(search.get('date')) }));
  const calendar = useRef<FullCalendar>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [feedsOpen, setFeedsOpen] = useState(false);
  const feedsPanelId = useId();
  const isPhone = useMediaQuery('(max-width: 36em)');
  const feeds = useCalendarFeeds(me);
  const toggle = useToggleFeed(me);
  const feedList = useMemo(() => feeds.data ?? [], [feeds.data]);
  const events = useFeedEvents(feedList, shown?.window ?? null);
  const untitled = t('calendar.untitled');
  const items = useMemo(() => toCalendarEvents(events.byFeed, untitled, paths), [events.byFeed, untitled, paths]);
  const api = () => calendar.current?.getApi();

  useImperativeHandle(ref, () => ({ goTo: (day: string) => api()?.gotoDate(day) }), []);

  const handleDatesSet = (arg: DatesSetArg) => {
    // A day more on each side: the server reads the window in the school's zone, the device may be elsewhere.
    const range = { start: addDays(localDayOf(arg.start), -1), end: addDays(localDayOf(arg.end), 1) };
    const now = new Date();
    const day = arg.view.currentStart <= now && now < arg.view.currentEnd ? null : localDayOf(arg.view.currentStart);
    setShown({ window: range, title: arg.view.title, view: viewOf(arg.view.type), day });
  };

  // The address follows the calendar (after render: FullCalendar reports its dates while mounting).
  const shownView = shown?.view;
  const shownDay = shown?.day;
  useEffect(() => {
    if (!shownView) return;
    const next = new URLSearchParams(search);
    if (shownView === viewOf(null)) next.delete('view');
    else next.set('view', shownView);
    if (shownDay) next.set('date', shownDay);
    else next.delete('date');
    if (next.toString() !== search.toString()) setSearch(next, { replace: true, preventScrollReset: true });
  }, [shownView, shownDay, search, setSearch]);

  const handleEventClick = (arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    if (arg.event.url) void navigate(arg.event.url);
  };

  const noEvents = () =>
    events.isFetching || feeds.isPending ? (
      <p className={classes.emptyText}>{t('calendar.loading')}</p>
    ) : (
      <div className={classes.empty}>
        <p className={classes.emptyTitle}>{t('calendar.empty.title')}</p>
        <p className={classes.emptyText}>{t('calendar.empty.body')}</p>
      </div>
    );

  const shownOrInitialView = shown?.view ?? initial.view;
  const isTimeGrid = shownOrInitialView === 'timeGridWeek' || shownOrInitialView === 'timeGridDay';
  // The hours grid gets its own height (and scroller) only once its view is shown: start the day at 7.
  useEffect(() => {
    if (isTimeGrid) api()?.scrollToTime(DAY_STARTS);
  }, [isTimeGrid, shown?.window.start]);

  const hiddenAll = feeds.isSuccess && feedList.length > 0 && feedList.every((feed) => !feed.enabled);

  return (
    <div className={classes.layout}>
      <div className={classes.main}>
        <CalendarToolbar
          title={shown?.title ?? ''}
          view={shown?.view ?? initial.view}
          onView={(view) => api()?.changeView(view)}
          onPrevious={() => api()?.prev()}
          onNext={() => api()?.next()}
          onToday={() => api()?.today()}
          feedsOpen={feedsOpen}
          feedsPanelId={feedsPanelId}
          onToggleFeeds={() => setFeedsOpen(!feedsOpen)}
        />
        {feeds.isError && (
          <Notice tone="error">
            {t('calendar.feeds.loadFailed')}{' '}
            <Button variant="subtle" size="compact-sm" onClick={() => void feeds.refetch()}>
              {t('common.retry')}
            </Button>
          </Notice>
        )}
        {events.hasFailure && (
          <Notice>
            {t('calendar.feeds.partialFailure')}{' '}
            <Button variant="subtle" size="compact-sm" onClick={events.retry}>
              {t('common.retry')}
            </Button>
          </Notice>
        )}
        {hiddenAll && <Notice>{t('calendar.feeds.noneEnabled')}</Notice>}
        <div className={classes.calendar}>
          <FullCalendar
            ref={calendar}
            plugins={[listPlugin, dayGridPlugin, timeGridPlugin, interactionPlugin]}
            initialView={initial.view}
            initialDate={initial.date}
            headerToolbar={false}
            locale={fullCalendarLocaleOf(i18n.language)}
            events={items}
            datesSet={handleDatesSet}
            eventClick={handleEventClick}
            dateClick={onPickDay ? (arg) => onPickDay(localDayOf(arg.date)) : undefined}
            noEventsContent={noEvents}
            height={isTimeGrid ? 'clamp(420px, 70vh, 900px)' : 'auto'}
            scrollTime={DAY_STARTS}
            // An item without an end (a task due at 23:59) lasts the default hour: it must not show on the next day too.
            nextDayThreshold="01:00:00"
            views={isPhone ? PHONE_VIEWS : undefined}
            dayMaxEvents
            // FullCalendar names a month's day cell after its number alone, leaving the events inside it
            // out of the name (WCAG 2.5.3 label in name): the cell is named by all it shows instead.
            dayCellDidMount={({ el }) => el.removeAttribute('aria-labelledby')}
            nowIndicator
            navLinks
          />
        </div>
      </div>
      {feeds.isPending && me !== null ? (
        <Loader role="status" size="sm" aria-label={t('common.loading')} />
      ) : (
        <FeedPanel
          id={feedsPanelId}
          feeds={feedList}
          open={feedsOpen}
          onToggle={(feed, enabled) => toggle.mutate({ id: feed.id, enabled })}
          saveFailed={toggle.isError}
        />
      )}
    </div>
  );
});
