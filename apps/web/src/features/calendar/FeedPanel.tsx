import { useTranslation } from 'react-i18next';
import { Checkbox, Stack, Text } from '@mantine/core';
import type { CalendarFeed } from '@patio/core/schemas/calendar';
import { darkenForWhiteText } from '../../ui/color';
import classes from './calendar.module.css';

export interface FeedPanelProps {
  id: string;
  feeds: CalendarFeed[];
  open: boolean;
  onToggle: (feed: CalendarFeed, enabled: boolean) => void;
  saveFailed: boolean;
}

/** The calendars a person sees, each shown or hidden with a checkbox in its colour (spec §3 Calendar feed). */
export function FeedPanel({ id, feeds, open, onToggle, saveFailed }: FeedPanelProps) {
  const { t } = useTranslation();
  return (
    <section id={id} className={classes.feedPanel} data-open={open || undefined} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={classes.feedTitle}>
        {t('calendar.feeds.title')}
      </h2>
      <Stack gap="sm">
        {feeds.map((feed) => {
          const color = darkenForWhiteText(feed.color);
          return (
            <Checkbox
              key={feed.id}
              checked={feed.enabled}
              onChange={(change) => onToggle(feed, change.currentTarget.checked)}
              label={feed.kind === 'posts' ? t('calendar.feeds.posts') : feed.kind === 'classroom' ? t('calendar.feeds.classroom') : feed.name}
              color={color}
              styles={{ input: { borderColor: color } }}
              size="md"
            />
          );
        })}
      </Stack>
      {saveFailed && (
        <Text role="alert" c="red.8" size="sm" mt="sm">
          {t('calendar.feeds.saveFailed')}
        </Text>
      )}
    </section>
  );
}
