import { useTranslation } from 'react-i18next';
import { Loader, Text, Title } from '@mantine/core';
import { isFamilyFacingPostType, type Audience, type PostTypeKey } from '@patio/core/schemas/posts';
import { ApiError } from '../../app/api/ApiError';
import { Notice } from '../../ui/Notice';
import { useAudienceSummary } from './useAudienceSummary';
import classes from './compose.module.css';

export interface RecipientSummaryProps {
  me: number | null;
  audience: Audience;
  postType: PostTypeKey;
}

/**
 * Issue 33 item 1: before publishing, how many people the post reaches and how many are students,
 * relatives and staff; a warning when a post meant for families reaches no relative.
 */
export function RecipientSummary({ me, audience, postType }: RecipientSummaryProps) {
  const { t } = useTranslation();
  const summary = useAudienceSummary(me, audience);
  const data = summary.isEmpty ? null : summary.data;

  let status;
  if (summary.isEmpty) status = <Text size="sm">{t('composeAudience.nobody')}</Text>;
  else if (summary.isError) {
    const refused = summary.error instanceof ApiError && summary.error.status === 403;
    status = (
      <Text size="sm" c="red.8">
        {refused ? t('composeAudience.forbidden') : t('composeAudience.failed')}
      </Text>
    );
  } else if (!data) status = <Loader role="status" size="xs" aria-label={t('composeAudience.counting')} />;
  else {
    status = (
      <>
        <Text fw={600}>{t('composeAudience.count', { count: data.count })}</Text>
        <Text size="sm" className={classes.summaryKinds}>
          {[t('composeAudience.students', { count: data.students }), t('composeAudience.relatives', { count: data.relatives }), t('composeAudience.staff', { count: data.staff })].join(' · ')}
        </Text>
      </>
    );
  }
  const reachesNoFamily = data !== null && data !== undefined && !summary.isError && data.count > 0 && data.relatives === 0 && isFamilyFacingPostType(postType);

  return (
    <section aria-labelledby="compose-summary" className={classes.summary}>
      <Title order={3} size="h5" id="compose-summary" mb={4}>
        {t('composeAudience.summaryTitle')}
      </Title>
      <div aria-live="polite" className={classes.previewCount}>
        <div>{status}</div>
        {summary.isFetching && data && <Loader role="status" size="xs" aria-label={t('composeAudience.counting')} />}
      </div>
      {reachesNoFamily && <Notice tone="error">{t('composeAudience.noRelatives')}</Notice>}
    </section>
  );
}
