import { useRef, useState } from 'react';
import { useOutlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconPlus } from '@tabler/icons-react';
import { useAllowedPaths } from '../../app/access/useAllowedPaths';
import { PageShell } from '../../ui/PageShell';
import { CalendarView, type CalendarViewHandle } from './CalendarView';
import { EventFormDialog } from './EventFormDialog';
import { CALENDAR_PATHS, type CalendarPaths } from './toCalendarEvents';
import classes from './calendar.module.css';
import './calendarStyles';

const CREATE_PATH = 'POST calendar/events';

/** The calendar screen: the calendar itself, and for staff a new event on a group's calendar. */
function CalendarScreen({ paths, title }: { paths: CalendarPaths; title: string }) {
  const { t } = useTranslation();
  const canCreate = useAllowedPaths([CREATE_PATH])?.[CREATE_PATH] === true;
  const calendar = useRef<CalendarViewHandle>(null);
  const [creating, setCreating] = useState<{ day?: string } | null>(null);

  return (
    <PageShell
      title={title}
      actions={
        canCreate && (
          <button type="button" className={classes.toolbarAction} onClick={() => setCreating({})}>
            <IconPlus size={18} aria-hidden="true" />
            <span>{t('calendar.newEvent')}</span>
          </button>
        )
      }
    >
      <CalendarView ref={calendar} paths={paths} onPickDay={canCreate ? (day) => setCreating({ day }) : undefined} />
      {canCreate && (
        <EventFormDialog
          opened={creating !== null}
          initialDay={creating?.day}
          onClose={() => setCreating(null)}
          onSaved={(event) => {
            setCreating(null);
            calendar.current?.goTo(event.start.slice(0, 10));
          }}
        />
      )}
    </PageShell>
  );
}

/** /calendar (spec §2): the calendar; an event opened from it (child route) takes the page. */
export function CalendarPage() {
  const { t } = useTranslation();
  const outlet = useOutlet();
  if (outlet) return outlet;
  return <CalendarScreen paths={CALENDAR_PATHS} title={t('screens.calendar')} />;
}

const TEST_PATHS: CalendarPaths = {
  thread: (threadId) => `/test/calendar/calendar/thread/${threadId}`,
  event: CALENDAR_PATHS.event,
};

/** /test/calendar (spec §2): the same calendar, opening posts in its own child route. */
export function TestCalendarPage() {
  const { t } = useTranslation();
  const outlet = useOutlet();
  if (outlet) return outlet;
  return <CalendarScreen paths={TEST_PATHS} title={t('screens.testCalendar')} />;
}
