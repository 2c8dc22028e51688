import { useTranslation } from 'react-i18next';
import { Button, Loader } from '@mantine/core';
import { ApiError, isNetworkError } from '../../app/api/ApiError';
import classes from './form.module.css';

/** What stands in the form's place while it loads or when it cannot load. */
export function FormLoadProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (!error) return <Loader role="status" size="sm" aria-label={t('blocks.form.loading')} />;
  let text = t('blocks.form.loadFailed');
  if (error instanceof ApiError && error.status === 404) text = t('blocks.form.missing');
  else if (error instanceof ApiError && error.status === 403) text = t('blocks.form.forbidden');
  else if (isNetworkError(error)) text = t('errors.network');
  const canRetry = !(error instanceof ApiError && (error.status === 403 || error.status === 404));
  return (
    <div role="alert" className={classes.actions}>
      <span className={classes.error}>{text}</span>
      {canRetry && (
        <Button variant="subtle" size="compact-sm" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}
