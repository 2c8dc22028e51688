import { useTranslation } from 'react-i18next';
import { Button, Stack, Switch, Text } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { formatNumber } from '@patio/core/format/numbers';
import { formatRelativeTime } from '@patio/core/format/dates';
import { useSessionState } from '../../app/services';
import { Notice } from '../../ui/Notice';
import { useNow } from '../transport';
import type { Tracker } from './tracking/useTracker';
import classes from './geo.module.css';

export interface TrackingPanelProps {
  tracker: Tracker;
  isRunning: boolean;
}

/** The tracker switch (spec §4 enabled/disabled), the location permission, §8 errors and what was sent. */
export function TrackingPanel({ tracker, isRunning }: TrackingPanelProps) {
  const { t } = useTranslation();
  const language = useSessionState((s) => s.language);
  const now = useNow(5000);
  const { enabled, permission, error, queue, lastFix, isWatching, openSettings } = tracker;
  // In the app a refused location is given back in the phone's settings, which it can open.
  const canOpenSettings = permission === 'denied' && openSettings !== null;

  let activity: string;
  if (isWatching) activity = t('geo.tracking.sharing');
  else if (enabled && !isRunning) activity = t('geo.tracking.waitingForRun');
  else activity = t('geo.tracking.off');

  return (
    <Stack gap="sm">
      <Switch
        size="lg"
        checked={enabled}
        onChange={(event) => tracker.setEnabled(event.currentTarget.checked)}
        label={t('geo.tracking.switch')}
        description={activity}
      />
      {permission !== 'unknown' && (
        <p className={classes.permission} data-state={permission}>
          <strong>{t(`geo.permission.${permission}.title`)}</strong> {canOpenSettings ? t('geo.tracking.settingsHint') : t(`geo.permission.${permission}.hint`)}
        </p>
      )}
      {canOpenSettings && (
        <Button variant="light" leftSection={<IconSettings size={18} aria-hidden="true" />} onClick={openSettings}>
          {t('geo.tracking.openSettings')}
        </Button>
      )}
      {error && (
        <Notice tone="error">
          <strong>{t(`geo.locationErrors.${error}.title`)}</strong> {t(`geo.locationErrors.${error}.hint`)}
        </Notice>
      )}
      <ul className={classes.stats}>
        <li>
          {queue.lastSentAt
            ? t('geo.tracking.lastSent', { ago: formatRelativeTime(Math.min(queue.lastSentAt, now), now, language) })
            : t('geo.tracking.nothingSent')}
        </li>
        {lastFix?.accuracy != null && <li>{t('geo.tracking.accuracy', { meters: formatNumber(Math.round(lastFix.accuracy), language) })}</li>}
        {queue.queued > 0 && <li className={classes.queued}>{t('geo.tracking.queued', { count: queue.queued })}</li>}
      </ul>
      {queue.problem && <Text size="sm">{t(`geo.tracking.problems.${queue.problem}`)}</Text>}
    </Stack>
  );
}
