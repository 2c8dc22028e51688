import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Stack, Text } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import type { TransportRoute } from '@patio/core/schemas/transport';
import { formatTime } from '@patio/core/format/dateTimes';
import { ApiError } from '../../app/api/ApiError';
import { describeError } from '../../app/api/describeError';
import { useSessionState } from '../../app/services';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Notice } from '../../ui/Notice';
import { isRunning, useFinishRun, useStartRun } from '../transport';

/** Waits for the queued reports to go out before a run ends, but never longer than this. */
const FLUSH_BEFORE_FINISH_MS = 5000;

export interface RunControlsProps {
  route: TransportRoute;
  /** Turns tracking on when a run starts. */
  onStarted(): void;
  /** Sends what is still queued before the run ends. */
  flush(): Promise<void>;
}

/** spec §4: a route can be started or finished. Big buttons for a phone on a dashboard; finishing asks first. */
export function RunControls({ route, onStarted, flush }: RunControlsProps) {
  const { t } = useTranslation();
  const language = useSessionState((s) => s.language);
  const start = useStartRun(route.id);
  const finish = useFinishRun(route.id);
  const [confirming, setConfirming] = useState(false);
  const [isFlushing, setFlushing] = useState(false);
  const running = isRunning(route);

  function describe(error: unknown): string {
    if (error instanceof ApiError && error.code === 'run_in_progress') return t('geo.run.alreadyRunning');
    if (error instanceof ApiError && error.status === 403) return t('geo.run.notAllowed');
    if (error instanceof ApiError && error.status === 409) return t('geo.run.notRunning');
    return describeError(t, error);
  }

  async function handleFinish(): Promise<void> {
    if (!route.run) return;
    setFlushing(true);
    await Promise.race([flush(), new Promise((resolve) => setTimeout(resolve, FLUSH_BEFORE_FINISH_MS))]);
    setFlushing(false);
    finish.mutate(route.run.id, { onSettled: () => setConfirming(false) });
  }

  let state: string;
  if (running && route.run) state = t('transport.run.onTheWaySince', { time: formatTime(route.run.startedAt * 1000, language) });
  else if (route.run?.finishedAt) state = t('transport.run.finishedAt', { time: formatTime(route.run.finishedAt * 1000, language) });
  else state = t('transport.run.notRunning');

  return (
    <Stack gap="sm">
      <Text fw={600} role="status">
        {state}
      </Text>
      {running ? (
        <Button size="xl" color="red" fullWidth leftSection={<IconPlayerStop size={24} aria-hidden="true" />} onClick={() => setConfirming(true)}>
          {t('geo.run.finish')}
        </Button>
      ) : (
        <Button
          size="xl"
          color="teal"
          fullWidth
          loading={start.isPending}
          leftSection={<IconPlayerPlay size={24} aria-hidden="true" />}
          onClick={() => start.mutate(undefined, { onSuccess: onStarted })}
        >
          {t('geo.run.start')}
        </Button>
      )}
      {start.isError && <Notice tone="error">{describe(start.error)}</Notice>}
      {finish.isError && <Notice tone="error">{describe(finish.error)}</Notice>}
      <ConfirmDialog
        opened={confirming}
        title={t('geo.run.confirmTitle')}
        message={t('geo.run.confirmMessage', { name: route.name })}
        confirmLabel={t('geo.run.finish')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        busy={isFlushing || finish.isPending}
        onConfirm={() => void handleFinish()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
