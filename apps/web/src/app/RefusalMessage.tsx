import { useMatches, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconAlertTriangle, IconLock, IconQuestionMark, IconUserQuestion } from '@tabler/icons-react';
import { ApiError, isNetworkError } from './api/ApiError';
import { StatusMessage } from '../ui/StatusMessage';
import { refusalResourceOf, type RefusalResource } from './refusalResource';

export interface RefusalMessageProps {
  error: unknown;
  onRetry?: () => void;
  /** What the failed load was about; by default the one the current route names (refusalResource.ts). */
  resource?: RefusalResource;
}

/**
 * What a failed load says: not allowed (403) or not found (404) in words that fit what was asked
 * for (a person, a group, an import, an administrators' area…), offline, or a generic failure —
 * never a blank page.
 */
export function RefusalMessage({ error, onRetry, resource }: RefusalMessageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const routeResource = refusalResourceOf(useMatches());
  const kind = resource ?? routeResource;
  const home = { label: t('common.goHome'), onClick: () => void navigate('/highlights') };
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 403) {
    return <StatusMessage icon={<IconLock size={36} />} title={t(`refusal.${kind}.notAllowedTitle`)} body={t(`refusal.${kind}.notAllowedBody`)} actions={[home]} />;
  }
  if (status === 404) {
    const icon = kind === 'person' ? <IconUserQuestion size={36} /> : <IconQuestionMark size={36} />;
    return <StatusMessage icon={icon} title={t(`refusal.${kind}.notFoundTitle`)} body={t(`refusal.${kind}.notFoundBody`)} actions={[home]} />;
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
