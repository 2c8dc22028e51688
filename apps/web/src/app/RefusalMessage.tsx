import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconAlertTriangle, IconLock, IconUserQuestion } from '@tabler/icons-react';
import { ApiError, isNetworkError } from './api/ApiError';
import { StatusMessage } from '../ui/StatusMessage';

export interface RefusalMessageProps {
  error: unknown;
  onRetry?: () => void;
}

/** What a failed load says: not allowed (403), not found (404), offline, or a generic failure — never a blank page. */
export function RefusalMessage({ error, onRetry }: RefusalMessageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const home = { label: t('common.goHome'), onClick: () => void navigate('/highlights') };
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 403) {
    return <StatusMessage icon={<IconLock size={36} />} title={t('people.notAllowedTitle')} body={t('people.notAllowedBody')} actions={[home]} />;
  }
  if (status === 404) {
    return <StatusMessage icon={<IconUserQuestion size={36} />} title={t('people.notFoundTitle')} body={t('people.notFoundBody')} actions={[home]} />;
  }
  const retry = onRetry ? [{ label: t('common.retry'), onClick: onRetry }] : [];
  return (
    <StatusMessage
      icon={<IconAlertTriangle size={36} />}
      title={t('errors.title')}
      body={isNetworkError(error) ? t('errors.network') : t('errors.generic')}
      actions={[...retry, home]}
    />
  );
}
