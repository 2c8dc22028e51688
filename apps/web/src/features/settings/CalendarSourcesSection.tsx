import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { CalendarSource } from '@patio/core/schemas/calendar';
import { describeError } from '../../app/api/describeError';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Notice } from '../../ui/Notice';
import { useNodeOptions } from '../nodes';
import { describeSourceError } from './calendarSourceErrors';
import { CalendarSourceForm } from './CalendarSourceForm';
import { CalendarSourceItem } from './CalendarSourceItem';
import { useCalendarSources } from './useCalendarSources';
import classes from './settings.module.css';

/**
 * For administrators: ICS calendars of other sites (a sports league, the city's holidays) imported into
 * a school or group calendar every hour; a failing one shows why and never stops the others.
 */
export function CalendarSourcesSection() {
  const { t } = useTranslation();
  const { list, add, remove, refresh } = useCalendarSources();
  const nodes = useNodeOptions();
  // The source outlives the dialog's closing animation, so its name stays while it fades.
  const [removing, setRemoving] = useState<{ source: CalendarSource | null; opened: boolean }>({ source: null, opened: false });
  const closeRemoving = () => setRemoving((current) => ({ ...current, opened: false }));
  const [requested, setRequested] = useState<ReadonlySet<number>>(new Set());
  const audienceOf = (source: CalendarSource) =>
    source.nodeId === null ? t('calendarSettings.sources.wholeSchool') : (nodes.find((n) => n.value === String(source.nodeId))?.label.trim() ?? t('calendarSettings.sources.oneGroup'));

  const handleRefresh = (id: number) => refresh.mutate(id, { onSuccess: () => setRequested((current) => new Set(current).add(id)) });
  const handleRemove = () => {
    if (removing.source) remove.mutate(removing.source.id, { onSettled: closeRemoving });
  };

  let items;
  if (list.isPending) items = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (list.isError) {
    items = (
      <Group gap="xs">
        <Notice tone="error">{describeError(t, list.error)}</Notice>
        <Button variant="subtle" onClick={() => void list.refetch()}>
          {t('common.retry')}
        </Button>
      </Group>
    );
  } else if (list.data.length === 0) items = <Text size="sm">{t('calendarSettings.sources.empty')}</Text>;
  else {
    items = (
      <Stack component="ul" gap="md" p={0} m={0} aria-label={t('calendarSettings.sources.listLabel')} className={classes.sourceList}>
        {list.data.map((source) => (
          <CalendarSourceItem
            key={source.id}
            source={source}
            audience={audienceOf(source)}
            refreshing={refresh.isPending && refresh.variables === source.id}
            refreshRequested={requested.has(source.id)}
            onRefresh={() => handleRefresh(source.id)}
            onRemove={() => setRemoving({ source, opened: true })}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-calendar-sources">
      <Title order={2} size="h4" id="settings-calendar-sources" mb={4}>
        {t('calendarSettings.sources.title')}
      </Title>
      <Text size="sm" c="dark.5" mb="sm">
        {t('calendarSettings.sources.hint')}
      </Text>
      {items}
      {(refresh.isError || remove.isError) && <Notice tone="error">{describeSourceError(t, refresh.error ?? remove.error)}</Notice>}
      <Divider my="md" />
      <Title order={3} size="h5" mb="xs">
        {t('calendarSettings.sources.addTitle')}
      </Title>
      <CalendarSourceForm busy={add.isPending} error={add.error} onAdd={(draft, onAdded) => add.mutate(draft, { onSuccess: onAdded })} />
      <ConfirmDialog
        opened={removing.opened}
        title={t('calendarSettings.sources.removeConfirm.title')}
        message={t('calendarSettings.sources.removeConfirm.message', { name: removing.source?.name ?? '' })}
        confirmLabel={t('calendarSettings.sources.removeConfirm.confirm')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        busy={remove.isPending}
        onConfirm={handleRemove}
        onCancel={closeRemoving}
      />
    </Paper>
  );
}
