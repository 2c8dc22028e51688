import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader } from '@mantine/core';
import { IconSchool } from '@tabler/icons-react';
import { formatFullName } from '@patio/core/people/displayName';
import { useGoBack } from '../../app/back/useGoBack';
import { RefusalMessage } from '../../app/RefusalMessage';
import { withClassroomTerms } from '../../app/i18n/withClassroomTerms';
import { PageShell } from '../../ui/PageShell';
import { StatusMessage } from '../../ui/StatusMessage';
import { usePerson } from '../people';
import { GroupList } from './GroupList';
import { useClassroomGroups } from './useClassroom';
import '../../ui/mantineStyles';

/** /people/{personId}/classroom (issue 35 §4): one person's classroom groups, for their relatives and administrators. */
export const PersonClassroomPage = withClassroomTerms(function PersonClassroomPage() {
  const { t } = useTranslation();
  const goBack = useGoBack('/classroom');
  const personId = Number(useParams().personId);
  const person = usePerson(personId);
  const groups = useClassroomGroups(Number.isFinite(personId) ? personId : null);
  const name = person.data ? formatFullName(person.data) : '';
  const title = name ? t('classroom.person.title', { name }) : t('screens.personClassroom');

  let body;
  if (!Number.isFinite(personId) || groups.isError) body = <RefusalMessage error={groups.error} onRetry={() => void groups.refetch()} resource="person" />;
  else if (groups.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (groups.data.length === 0) {
    body = <StatusMessage icon={<IconSchool size={36} />} title={t('classroom.person.emptyTitle')} body={t('classroom.person.emptyBody')} />;
  } else body = <GroupList groups={groups.data} personId={personId} label={title} />;
  return (
    <PageShell title={title} onBack={goBack}>
      {body}
    </PageShell>
  );
});
