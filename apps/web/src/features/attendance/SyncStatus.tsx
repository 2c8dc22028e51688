import { useTranslation } from 'react-i18next';
import { Button, Loader } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCloudUpload, IconWifiOff } from '@tabler/icons-react';
import type { MarkSync } from './useMarkQueue';
import classes from './attendance.module.css';

/** One of: pending sync (with why: offline, retrying), syncing, synced, failed (with retry and discard). */
export function SyncStatus({ sync }: { sync: MarkSync }) {
  const { t } = useTranslation();
  const count = sync.queued.length;
  let state: 'failed' | 'offline' | 'pending' | 'sending' | 'synced' | 'none';
  if (sync.status === 'failed') state = 'failed';
  else if (count > 0 && !sync.isOnline) state = 'offline';
  else if (sync.status === 'sending') state = 'sending';
  else if (count > 0) state = 'pending';
  else if (sync.lastSyncedAt !== null) state = 'synced';
  else state = 'none';

  const reasonKey = ['not_in_node', 'future_date', 'forbidden'].includes(sync.error ?? '') ? sync.error : 'other';
  return (
    <div role="status" aria-label={t('attendance.sync.label')} className={classes.sync} data-state={state}>
      {state === 'failed' && (
        <>
          <IconAlertTriangle size={18} aria-hidden="true" />
          <span>{t('attendance.sync.failed', { count, reason: t(`attendance.sync.reasons.${reasonKey}`) })}</span>
          <span className={classes.syncActions}>
            <Button size="compact-sm" variant="light" onClick={sync.retry}>
              {t('attendance.sync.retry')}
            </Button>
            <Button size="compact-sm" variant="subtle" color="red" onClick={sync.discard}>
              {t('attendance.sync.discard')}
            </Button>
          </span>
        </>
      )}
      {state === 'offline' && (
        <>
          <IconWifiOff size={18} aria-hidden="true" />
          <span>
            {t('attendance.sync.pending', { count })}. {t('attendance.sync.offline')}
          </span>
        </>
      )}
      {state === 'pending' && (
        <>
          <IconCloudUpload size={18} aria-hidden="true" />
          <span>
            {t('attendance.sync.pending', { count })}
            {sync.status === 'waiting' && `. ${t('attendance.sync.waiting')}`}
          </span>
          {sync.status === 'waiting' && (
            <Button size="compact-sm" variant="light" onClick={sync.retry}>
              {t('attendance.sync.retry')}
            </Button>
          )}
        </>
      )}
      {state === 'sending' && (
        <>
          <Loader size={14} aria-hidden="true" />
          <span>{t('attendance.sync.sending')}</span>
        </>
      )}
      {state === 'synced' && (
        <>
          <IconCircleCheck size={18} aria-hidden="true" />
          <span>{t('attendance.sync.synced')}</span>
        </>
      )}
    </div>
  );
}
