import { useTranslation } from 'react-i18next';
import { Button, Group, Text } from '@mantine/core';
import { IconRefresh, IconTrash } from '@tabler/icons-react';
import type { CalendarSource } from '@patio/core/schemas/calendar';
import { formatDateTime } from '@patio/core/format/dateTimes';
import { Notice } from '../../ui/Notice';
import classes from './settings.module.css';

export interface CalendarSourceItemProps {
  source: CalendarSource;
  /** Who sees its events: the group's name, or the whole school. */
  audience: string;
  refreshing: boolean;
  refreshRequested: boolean;
  onRefresh: () => void;
  onRemove: () => void;
}

/** One external calendar: its address, audience, last import and the error of the last failed one. */
export function CalendarSourceItem({ source, audience, refreshing, refreshRequested, onRefresh, onRemove }: CalendarSourceItemProps) {
  const { t, i18n } = useTranslation();
  const status = source.lastFetchedAt
    ? t('calendarSettings.sources.status', { count: source.events, date: formatDateTime(source.lastFetchedAt, i18n.language) })
    : t('calendarSettings.sources.neverFetched');
  return (
    <li className={classes.sourceRow}>
      <div className={classes.sourceText}>
        <Text fw={600}>{source.name}</Text>
        <Text size="sm" c="dark.5">
          {source.url}
        </Text>
        <Text size="sm">{t('calendarSettings.sources.seenBy', { audience })}</Text>
        <Text size="sm">{status}</Text>
        {source.lastError !== null && <Notice tone="error">{t('calendarSettings.sources.lastError', { reason: source.lastError })}</Notice>}
        {refreshRequested && <Notice>{t('calendarSettings.sources.refreshRequested')}</Notice>}
      </div>
      <Group gap="xs">
        <Button variant="subtle" size="sm" onClick={onRefresh} loading={refreshing} leftSection={<IconRefresh size={16} aria-hidden="true" />} aria-label={t('calendarSettings.sources.refreshNamed', { name: source.name })}>
          {t('calendarSettings.sources.refresh')}
        </Button>
        <Button variant="subtle" color="red.9" size="sm" onClick={onRemove} leftSection={<IconTrash size={16} aria-hidden="true" />} aria-label={t('calendarSettings.sources.removeNamed', { name: source.name })}>
          {t('calendarSettings.sources.remove')}
        </Button>
      </Group>
    </li>
  );
}
