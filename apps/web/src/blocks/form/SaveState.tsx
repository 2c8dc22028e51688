import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import type { SaveStatus } from './useFormAutosave';
import classes from './form.module.css';

/** Whether the form is saved, read out politely as it changes; a failed save offers to try again. */
export function SaveState({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={classes.saveState}>
      <span aria-live="polite" className={classes.saveState}>
        {(status === 'pending' || status === 'saving') && <span className={classes.muted}>{t('blocks.form.editor.saving')}</span>}
        {status === 'saved' && (
          <span className={classes.saved}>
            <IconCheck size={16} aria-hidden="true" /> {t('blocks.form.editor.saved')}
          </span>
        )}
        {status === 'failed' && (
          <span className={classes.failed}>
            <IconAlertCircle size={16} aria-hidden="true" /> {t('blocks.form.editor.saveFailed')}
          </span>
        )}
      </span>
      {status === 'failed' && (
        <Button variant="subtle" size="compact-sm" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}
