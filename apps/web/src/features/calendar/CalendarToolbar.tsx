import { useTranslation } from 'react-i18next';
import { ActionIcon, Button, SegmentedControl } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconFilter } from '@tabler/icons-react';
import { CALENDAR_VIEWS, isCalendarView, type CalendarViewName } from './calendarViews';
import classes from './calendar.module.css';

export interface CalendarToolbarProps {
  /** The period shown, in the interface language ("noviembre de 2026"). */
  title: string;
  view: CalendarViewName;
  onView: (view: CalendarViewName) => void;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
  feedsOpen: boolean;
  feedsPanelId: string;
  onToggleFeeds: () => void;
}

/** Previous, today, next, the period's name, the view switcher and (on phones) the calendars button. */
export function CalendarToolbar({ title, view, onView, onPrevious, onNext, onToday, feedsOpen, feedsPanelId, onToggleFeeds }: CalendarToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className={classes.toolbar}>
      <div className={classes.period} role="group" aria-label={t('calendar.toolbar.label')}>
        <ActionIcon variant="default" size={40} onClick={onPrevious} aria-label={t('calendar.toolbar.previous')}>
          <IconChevronLeft size={20} aria-hidden="true" />
        </ActionIcon>
        <Button variant="default" onClick={onToday}>
          {t('calendar.toolbar.today')}
        </Button>
        <ActionIcon variant="default" size={40} onClick={onNext} aria-label={t('calendar.toolbar.next')}>
          <IconChevronRight size={20} aria-hidden="true" />
        </ActionIcon>
        <h2 className={classes.periodTitle} aria-live="polite">
          {title}
        </h2>
      </div>
      <div className={classes.viewRow}>
        <SegmentedControl
          aria-label={t('calendar.views.label')}
          value={view}
          onChange={(value) => isCalendarView(value) && onView(value)}
          data={CALENDAR_VIEWS.map((name) => ({ value: name, label: t(`calendar.views.${name}`) }))}
          className={classes.views}
        />
        <Button
          variant="default"
          leftSection={<IconFilter size={18} aria-hidden="true" />}
          onClick={onToggleFeeds}
          aria-expanded={feedsOpen}
          aria-controls={feedsPanelId}
          className={classes.feedsButton}
        >
          {t('calendar.feeds.show')}
        </Button>
      </div>
    </div>
  );
}
