import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { ZIdText } from '@patio/core/schemas/ids';
import { ApiError } from '../../app/api/ApiError';
import { useGoBack } from '../../app/back/useGoBack';
import { RefusalMessage } from '../../app/RefusalMessage';
import { withClassroomTerms } from '../../app/i18n/withClassroomTerms';
import { PageShell } from '../../ui/PageShell';
import { StatusMessage } from '../../ui/StatusMessage';
import { useSchoolTimeZone } from '../../app/schoolTimeZone';
import { ReviewQueue } from './ReviewQueue';
import { TeachingGroupCard } from './TeachingGroupCard';
import { UpcomingList } from './UpcomingList';
import { useTeaching } from './useTeaching';
import classes from './teaching.module.css';
import '../../ui/mantineStyles';

/** /teaching/{personId} (issue 35 §4): the teacher's groups, the review queue and what is due next. */
export const TeachingPage = withClassroomTerms(function TeachingPage() {
  const { t } = useTranslation();
  const goBack = useGoBack('/more');
  const parsed = ZIdText.safeParse(useParams().personId ?? '');
  const personId = parsed.success ? parsed.data : 0;
  const teaching = useTeaching(personId);
  const timeZone = useSchoolTimeZone() ?? undefined;

  let body;
  if (!parsed.success) body = <RefusalMessage error={new ApiError(404, null, 'teaching')} resource="person" />;
  else if (teaching.isError) body = <RefusalMessage error={teaching.error} onRetry={() => void teaching.refetch()} resource="person" />;
  else if (!teaching.data) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (teaching.data.groups.length === 0) body = <StatusMessage icon={<IconSchool size={36} />} title={t('teaching.groups.noneTitle')} body={t('teaching.groups.noneBody')} />;
  else {
    const { groups, upcoming, toReview } = teaching.data;
    body = (
      <div className={classes.page}>
        <section className={classes.section} aria-labelledby="teaching-groups">
          <h2 id="teaching-groups">{t('teaching.groups.title')}</h2>
          <ul className={classes.groups}>
            {groups.map((group) => (
              <TeachingGroupCard key={group.id} group={group} personId={personId} timeZone={timeZone} />
            ))}
          </ul>
        </section>
        <div className={classes.columns}>
          <ReviewQueue items={toReview} personId={personId} timeZone={timeZone} />
          <UpcomingList items={upcoming} personId={personId} timeZone={timeZone} />
        </div>
      </div>
    );
  }

  return (
    <PageShell title={t('screens.teaching')} onBack={goBack}>
      {body}
    </PageShell>
  );
});
